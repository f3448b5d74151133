import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** What the whatsapp-api-js receiver (test/clients/whatsapp-api-js-receiver.mjs) got: one entry a delivery. */
export interface Received {
  path: string;
  verified: boolean;
  error?: string;
  message?: { phoneID: string; from: string; name?: string; message: Record<string, any> };
  status?: { phoneID: string; status: string; id: string; biz_opaque_callback_data?: string };
}

/** A tenant's receiver built on whatsapp-api-js, as its own process (the library is ESM only). */
export async function startLibraryReceiver(
  secret: string,
  verifyToken: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(__dirname, '..', 'clients', 'whatsapp-api-js-receiver.mjs')], {
    env: { PATH: process.env.PATH, SECRET: secret, VERIFY_TOKEN: verifyToken },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the receiver exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  return { child, url: `http://127.0.0.1:${port.trim()}` };
}
