import { performance } from 'node:perf_hooks';

export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  statuses: Record<number, number>;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * A small closed-loop load generator over loopback: `concurrency` workers each send requests
 * back to back until `total` have been sent. `makeRequest(i)` returns the fetch arguments.
 */
export async function load(
  total: number,
  concurrency: number,
  makeRequest: (i: number) => { url: string; init?: RequestInit },
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const { url, init } = makeRequest(i);
        const t0 = performance.now();
        const r = await fetch(url, init);
        await r.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    reqPerSec: Math.round(total / seconds),
    p50ms: +percentile(latencies, 50).toFixed(2),
    p99ms: +percentile(latencies, 99).toFixed(2),
    statuses,
  };
}
