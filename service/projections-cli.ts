import { commandConfig, out, progress, runCommand, usage, type Progress } from './core/cli.js';
import { openStores } from './compose.js';
import { allProjectors } from '../projections/index.js';
import type { AnyProjector } from '../platform/processor/projector.js';
import { type RebuildProgress, rebuildProjection } from '../platform/processor/rebuild.js';
import { type ProjectionStatus, readStatus } from '../platform/processor/status.js';

/**
 * Operator commands for the read side:
 *   npm run projections -- status            checkpoint, head and lag of every projection
 *   npm run projections -- rebuild [name]    rebuild one projection (or all) from the first event
 * A rebuild runs beside the live site: it builds a shadow copy, then swaps it in. Interrupted, it
 * resumes where it stopped the next time it is run.
 */
const USAGE = 'Usage: npm run projections -- status | rebuild [name]';

const fmt = (n: bigint | number) => (n < 0 ? '-' : n.toLocaleString('en-US'));

function printStatus(rows: ProjectionStatus[]): void {
  const table = rows.map((r) => [
    r.name,
    fmt(r.checkpoint),
    fmt(r.head),
    fmt(r.lag),
    [
      r.checkpoint < 0n ? 'never ran' : r.lag === 0n ? 'up to date' : 'behind',
      r.rebuilding === undefined ? '' : `, rebuild unfinished at ${fmt(r.rebuilding)}`,
    ].join(''),
  ]);
  const header = ['projection', 'checkpoint', 'head', 'lag', 'state'];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const render = (cells: string[]) =>
    cells
      .map((c, i) => (i > 0 && i < 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  out(render(header));
  out(render(widths.map((w) => '-'.repeat(w))));
  table.forEach((row) => out(render(row)));
}

/** A bar on a terminal; elsewhere (CI, logs, pipes) a plain line at most every 2 seconds, and the swap. */
function rebuildProgress(name: string): Progress<RebuildProgress> {
  const started = performance.now();
  const rate = (events: number) => Math.round(events / Math.max((performance.now() - started) / 1000, 0.001));
  return progress<RebuildProgress>({
    format: `${name.padEnd(20)} [{bar}] {percentage}% | {rate} events/s | {phase}`,
    bar: (p) => ({
      total: Math.max(Number(p.head) + 1, 1),
      value: Number(p.position) + 1,
      startAt: Number(p.resumedFrom) + 1,
      payload: { rate: rate(p.events), phase: p.phase },
    }),
    line(p) {
      const pct = p.head >= 0n ? Math.floor(((Number(p.position) + 1) / (Number(p.head) + 1)) * 100) : 100;
      return `[rebuild] ${name}: ${p.phase} ${pct}% (position ${p.position} of ${p.head}, ${rate(p.events)} events/s)`;
    },
    everyMs: 2000,
    always: (p) => p.phase === 'swapped',
  });
}

async function rebuild(
  targets: readonly AnyProjector[],
  stores: Awaited<ReturnType<typeof openStores>>,
): Promise<void> {
  for (const projector of targets) {
    const reporter = rebuildProgress(projector.name);
    const result = await rebuildProjection(projector, {
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      onProgress: (p) => reporter.update(p),
    }).finally(() => reporter.stop());
    const resumed = result.resumedFrom >= 0n ? `, resumed from ${result.resumedFrom}` : '';
    out(
      `[rebuild] ${projector.name}: done, ${fmt(result.events)} events in ${(result.ms / 1000).toFixed(1)} s${resumed}; live at position ${result.position}`,
    );
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, name, ...extra] = argv;
  if ((command !== 'status' && command !== 'rebuild') || extra.length > 0 || (command === 'status' && name))
    return usage(USAGE);
  const targets = name ? allProjectors.filter((p) => p.name === name) : allProjectors;
  if (targets.length === 0)
    return usage(`Unknown projection "${name}". Known: ${allProjectors.map((p) => p.name).join(', ')}`);
  const stores = await openStores(commandConfig());
  try {
    if (command === 'status') printStatus(await readStatus(allProjectors, stores.eventStore, stores.readStore));
    else await rebuild(targets, stores);
    return 0;
  } finally {
    await stores.close();
  }
}

runCommand('projections', main);
