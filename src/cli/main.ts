import { enableCompileCache } from 'node:module';

/*
 * The CLI's entry. A command is a short process that spends most of its time compiling the modules it
 * loads (Nest, TypeORM, the gateway's own), so Node's compile cache comes first: compiled code is kept
 * on disk (the system's temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off) and the next run
 * loads it instead of compiling again (docs/cli.md has the timings). Then the commands.
 */
enableCompileCache?.();
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the cache is on, not hoisted above it
require('./commands');
