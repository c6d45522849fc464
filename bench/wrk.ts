import { spawn, spawnSync } from 'node:child_process';

/** Requests per second `wrk` reached against one URL, with its own process and threads. */
export function wrkRate(
  url: string,
  options: { connections: number; seconds: number; threads?: number },
): Promise<number> {
  const args = [
    '-t',
    String(options.threads ?? 2),
    '-c',
    String(options.connections),
    '-d',
    `${options.seconds}s`,
    url,
  ];
  return new Promise((resolve, reject) => {
    const wrk = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    wrk.stdout.on('data', (d) => (out += d));
    wrk.stderr.on('data', (d) => (out += d));
    wrk.once('error', (err) => reject(new Error(`wrk could not be started (${err.message}): apt-get install wrk`)));
    wrk.once('exit', () => {
      const line = /Requests\/sec:\s+([\d.]+)/.exec(out);
      if (!line) return reject(new Error(`wrk printed no rate:\n${out}`));
      if (/Non-2xx or 3xx responses/.test(out)) return reject(new Error(`wrk saw failed answers:\n${out}`));
      resolve(Number(line[1]));
    });
  });
}

export const hasWrk = () => !spawnSync('wrk', ['--version']).error;

export const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};

/**
 * Runs `wrk` with a Lua script that prints one `BENCH_JSON {...}` line when done (bench/*.lua), in
 * its own process, and answers that object.
 */
export function wrkJson<T>(
  url: string,
  options: { connections: number; seconds: number; threads?: number; script: string; args?: string[] },
): Promise<T> {
  const args = [
    '-t',
    String(options.threads ?? 1),
    '-c',
    String(options.connections),
    '-d',
    `${options.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    options.script,
    url,
    ...(options.args?.length ? ['--', ...options.args] : []),
  ];
  return new Promise((resolve, reject) => {
    const wrk = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    wrk.stdout.on('data', (d) => (out += d));
    wrk.stderr.on('data', (d) => (out += d));
    wrk.once('error', (err) => reject(new Error(`wrk could not be started (${err.message}): apt-get install wrk`)));
    wrk.once('exit', () => {
      const line = /BENCH_JSON (\{.*\})/.exec(out);
      if (!line) return reject(new Error(`wrk printed no result:\n${out}`));
      resolve(JSON.parse(line[1]!) as T);
    });
  });
}
