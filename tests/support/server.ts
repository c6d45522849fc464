import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface RunningServer {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  /** Resolves once the process has exited. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export const tempDataDir = (prefix = 'school-') => mkdtempSync(join(tmpdir(), prefix));

/** A file of the service as this run compiled it (tests/support/compiled-service.setup.ts): `service/main.js`. */
export const compiled = (file: string) => join(inject('compiledService'), file);

/**
 * Starts the service (`service/main.ts`, compiled for this run) in its own process on a free loopback port and waits until /ready
 * answers. It runs behind a "proxy" on loopback (TRUST_PROXY=127.0.0.1), so tests that act as many
 * visitors send each one's address as X-Forwarded-For (tests/support/visitors.ts).
 */
export async function startServer(env: Record<string, string> = {}, dataDir = tempDataDir()): Promise<RunningServer> {
  const port = await freePort();
  const proc = spawn(process.execPath, [compiled('service/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_KEY: 'test-admin-key-123456',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Most of the int tier's 60 s hook timeout: a fresh server on a machine loaded far past its two
  // cores has taken over 30 s to seed and answer /ready.
  const deadline = Date.now() + 50_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const r = await fetch(`${url}/ready`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    proc,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null) proc.kill(signal);
      return exited;
    },
  };
}
