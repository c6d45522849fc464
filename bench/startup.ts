import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, SERVER_COMMAND, stopApp } from './built-app.js';

const STARTS = 5;

interface Start {
  /** From spawning the process to the first 200 from /ready. */
  readyMs: number;
  /** Resident memory of the process once /ready answers. */
  rssMb: number;
}

/** Resident set size of a process in MB: /proc on Linux, `ps` elsewhere. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

/** One start of the server on dataDir, timed to /ready, then stopped with SIGTERM. */
async function startOnce(command: readonly string[], dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const [bin, ...args] = command;
  const app = spawn(bin!, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_KEY: 'bench-admin-key-123456',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  app.stderr?.on('data', (d) => (stderr += d));
  try {
    const deadline = started + 60_000;
    for (;;) {
      if (app.exitCode !== null) throw new Error(`the server exited (${app.exitCode}): ${stderr}`);
      const ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (performance.now() > deadline) throw new Error(`no answer from /ready within 60 s: ${stderr}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - started;
    return { readyMs, rssMb: rssMb(app.pid!) };
  } finally {
    await stopApp(app);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Start-up of the server as `npm start` runs it (the compiled service on the built web app): the
 * median of five starts on a fresh DATA_DIR each (seeding the catalogue), then of five on one
 * DATA_DIR already seeded (catching the projections up), each to the first 200 from /ready, with
 * the process's resident memory at that moment. Run `npm run build` first.
 */
export async function benchStartup(
  command: readonly string[] = SERVER_COMMAND,
): Promise<Record<string, string | number>> {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
    dirs.push(dir);
    return dir;
  };
  try {
    const first: Start[] = [];
    for (let i = 0; i < STARTS; i++) first.push(await startOnce(command, fresh()));
    const existing = fresh();
    await startOnce(command, existing);
    const again: Start[] = [];
    for (let i = 0; i < STARTS; i++) again.push(await startOnce(command, existing));
    const round = (n: number) => Math.round(n);
    return {
      command: command.join(' '),
      'start to /ready, fresh DATA_DIR (ms, median of 5)': round(median(first.map((s) => s.readyMs))),
      'start to /ready, existing DATA_DIR (ms, median of 5)': round(median(again.map((s) => s.readyMs))),
      'RSS at /ready, fresh DATA_DIR (MB, median)': round(median(first.map((s) => s.rssMb))),
      'RSS at /ready, existing DATA_DIR (MB, median)': round(median(again.map((s) => s.rssMb))),
    };
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

// `tsx bench/startup.ts [command...]` measures another command, e.g. `node --import tsx service/main.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const command = process.argv.length > 2 ? process.argv.slice(2) : SERVER_COMMAND;
  console.table(await benchStartup(command));
}
