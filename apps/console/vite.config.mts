import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The console: Preact (a 4 KB React-compatible runtime, so the first load stays far under 150 KB of
// compressed script) with TypeScript, built by Vite into dist/console and served by the gateway at
// /console (src/console/console.module.ts). One script and one stylesheet, no inline code: the page
// runs under a CSP without 'unsafe-inline'.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/console', import.meta.url)),
    emptyOutDir: true,
    // No inline module-preload polyfill script (the CSP allows only 'self' scripts).
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Two pages: the console, and Connect a number (the one page that lets Meta's SDK run).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        connect: fileURLToPath(new URL('connect.html', import.meta.url)),
      },
    },
  },
});
