import { mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import { Logger } from '@nestjs/common';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function isListening(port: number, timeoutMs = 300): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const finish = (result: boolean) => {
      socket.destroy();
      done(result);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

export function embeddedUrl(port: number): string {
  return `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/**
 * Starts PGlite (PostgreSQL compiled to WASM) with its data under `dataDir`, served to the normal
 * `pg` driver on a loopback port. Used when no DATABASE_URL is configured, so the gateway runs on a
 * machine with no PostgreSQL. PGlite is single-connection: the app uses a pool of one over it.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedPostgres> {
  const logger = new Logger('EmbeddedPostgres');
  const dir = resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create({ dataDir: dir, extensions: { pgcrypto } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 8 });
  await server.start();
  logger.warn(`DATABASE_URL is not set: embedded PostgreSQL (PGlite) on 127.0.0.1:${port}, data in ${dir}`);
  return {
    url: embeddedUrl(port),
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
