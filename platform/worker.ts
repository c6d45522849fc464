import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `entry`, a module beside the caller. Built, the entry is a .js file; from
 * the sources (tsx: scripts, the bench, tests) it is a .ts file, and a worker does not inherit tsx's
 * loader (Node 20 applies no --import hooks to it), so it starts with a line that registers tsx and
 * then imports the entry.
 */
export function startWorker(entry: URL, workerData: unknown): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(
    `import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
    { eval: true, workerData },
  );
}

/** `./<name>.js` beside `importMetaUrl` when built, `./<name>.ts` from the sources. */
export const siblingModule = (importMetaUrl: string, name: string): URL =>
  new URL(`./${name}${importMetaUrl.endsWith('.ts') ? '.ts' : '.js'}`, importMetaUrl);
