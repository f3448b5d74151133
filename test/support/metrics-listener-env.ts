import { execFileSync } from 'node:child_process';

// Imported first by metrics.e2e-spec.ts: the app reads its settings when its modules are first
// loaded, so the metrics listener's port is chosen now (one nothing listens on, found by a child
// process that binds port 0), on its default host (loopback), with no token.
const script =
  "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
export const METRICS_LISTENER_PORT = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
process.env.METRICS_PORT = String(METRICS_LISTENER_PORT);
delete process.env.METRICS_TOKEN;
