import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** The server as `npm start` and the image run it: the service compiled by `npm run build`. */
export const SERVER_COMMAND: readonly string[] = [process.execPath, 'build/service/main.js'];

/**
 * The server as an operator starts it: the embedded default on its own DATA_DIR, serving dist/, its
 * public address the one the bench asks at. BENCH_APP_ROOT runs the app of another checkout (built
 * there), to compare a figure with an earlier commit.
 */
export async function startApp(dataDir: string): Promise<{ origin: string; app: ChildProcess }> {
  const port = await freePort();
  const root = resolve(process.env.BENCH_APP_ROOT ?? '.');
  const [bin, ...args] = SERVER_COMMAND;
  const app = spawn(bin!, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_KEY: 'bench-admin-key-123456',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  app.stderr?.on('data', (d) => (stderr += d));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}): ${stderr}`);
    const ready = await fetch(`${origin}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { origin, app };
    await new Promise((r) => setTimeout(r, 250));
  }
  app.kill('SIGTERM');
  throw new Error(`the app did not answer /ready within 60 s: ${stderr}`);
}

/** Stops an app started by startApp and waits for it to exit. */
export async function stopApp(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null) return;
  const exited = new Promise((r) => app.once('exit', r));
  app.kill('SIGTERM');
  await exited;
}
