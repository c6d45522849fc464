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
  /** CPU time (user and system) the process spent by then, or NaN where /proc is missing: steadier than the wall clock on a busy machine. */
  cpuMs: number;
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User and system CPU time of a process (all its threads) in ms, from /proc on Linux. */
function cpuMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
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
    return { readyMs, rssMb: rssMb(app.pid!), cpuMs: cpuMs(app.pid!) };
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
 * the process's resident memory and the CPU time it used by that moment. Run `npm run build` first.
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
      'CPU time to /ready, fresh DATA_DIR (ms, median)': round(median(first.map((s) => s.cpuMs))),
      'CPU time to /ready, existing DATA_DIR (ms, median)': round(median(again.map((s) => s.cpuMs))),
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
