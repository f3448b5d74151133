import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { type GraphError } from '../core/graph-error';
import { consolePages } from './console-pages';

/** An app with the console's pages at /console, a stand-in session route, and errors as status and code. */
function appWith(directory: string) {
  const app = express();
  app.use('/console', consolePages(directory));
  app.post('/console/session', (_req, res) => void res.json({ session: true }));
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const graph = error as GraphError;
    res.status(graph.status).json({ code: graph.code });
  });
  return app;
}

describe("the console's pages", () => {
  it('serves the built page with a strict CSP and no caching, and assets cached for a year', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'console-pages-'));
    mkdirSync(join(directory, 'assets'));
    writeFileSync(
      join(directory, 'index.html'),
      '<!doctype html><script type="module" src="/console/assets/a.js"></script>',
    );
    writeFileSync(join(directory, 'assets', 'a.js'), 'export {}');
    const app = appWith(directory);
    const page = await request(app).get('/console/').expect(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    const asset = await request(app).get('/console/assets/a.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get('/console').expect(301);
  });

  it('says to build it when it is not built (404 code 100), and leaves the session route alone either way', async () => {
    const app = appWith(mkdtempSync(join(tmpdir(), 'console-unbuilt-')));
    const page = await request(app).get('/console/').expect(404);
    expect(page.body).toEqual({ code: 100 });
    const session = await request(app).post('/console/session').send({}).expect(200);
    expect(session.body).toEqual({ session: true });
    expect(session.headers['content-security-policy']).toBeUndefined();
  });
});
