import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/log.js';
import { SqliteEventStore } from '../../../platform/eventstore/sqlite.js';
import { rebuildProjection } from '../../../platform/processor/rebuild.js';
import { SqliteReadStore } from '../../../platform/readstore/sqlite.js';
import { ProcessorRunner } from '../../../platform/processor/runner.js';
import { appendToy, expectedCounters, snapshot, streamCounter, toyProjectors } from './fixtures/toy.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const child = join(here, 'fixtures/rebuild-child.ts');
const dir = mkdtempSync(join(tmpdir(), 'projections-int-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Line {
  pid?: number;
  phase?: string;
  position?: string;
  head?: string;
  resumedFrom?: string;
  done?: boolean;
}

/** Starts the rebuild child and calls `onLine` for each JSON line it prints; resolves with its exit. */
function runChild(
  args: string[],
  onLine: (line: Line, proc: ChildProcess) => void,
): { proc: ChildProcess; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> } {
  // Node with tsx's loader (the child is a test fixture in TypeScript), in its own process group so
  // the kill reaches whatever it started.
  const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: proc.stdout! }).on('line', (l) => {
    if (l.startsWith('{')) onLine(JSON.parse(l) as Line, proc);
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { proc, exit };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('projections on SQLite', () => {
  const eventsFile = join(dir, 'events.db');
  let head: bigint;

  beforeAll(async () => {
    const events = new SqliteEventStore(eventsFile);
    await appendToy(events, 0, 50_000, 1000);
    head = await events.headPosition();
    await events.close();
  });

  it('a rebuild killed with SIGKILL midway resumes from its shadow and ends identical to a clean rebuild', async () => {
    const readFile = join(dir, 'killed.db');
    // Killed once its progress shows it is between 30% and 90% of the way.
    let killedAt: bigint | undefined;
    let worker: number | undefined;
    const first = runChild([eventsFile, readFile, '1000', '20'], (line, proc) => {
      if (line.pid) worker = line.pid;
      if (killedAt !== undefined || line.phase !== 'building') return;
      const position = BigInt(line.position!);
      if (position * 10n >= head * 3n) {
        killedAt = position;
        process.kill(-proc.pid!, 'SIGKILL');
      }
    });
    const firstExit = await first.exit;
    expect(firstExit.signal, firstExit.stderr).toBe('SIGKILL');
    expect(killedAt).toBeDefined();
    // The process that was rebuilding is gone, not orphaned and still writing.
    expect(worker).toBeDefined();
    await expect.poll(() => isAlive(worker!), { timeout: 5000 }).toBe(false);

    const inspect = new SqliteReadStore(readFile);
    const shadowCheckpoint = await inspect.getCheckpoint('stream-counter__rebuild');
    expect(shadowCheckpoint).toBeGreaterThanOrEqual(killedAt!);
    expect(shadowCheckpoint * 10n).toBeLessThan(head * 9n);
    expect(await inspect.getCheckpoint('stream-counter')).toBe(-1n);
    expect(await snapshot(inspect, 'counters')).toEqual([]);
    await inspect.close();

    const lines: Line[] = [];
    const second = runChild([eventsFile, readFile, '5000', '0'], (line) => lines.push(line));
    const secondExit = await second.exit;
    expect(secondExit.code, secondExit.stderr).toBe(0);
    expect(lines.find((l) => l.phase)?.resumedFrom).toBe(shadowCheckpoint.toString());
    expect(lines.at(-1)).toMatchObject({ done: true, position: head.toString() });

    const events = new SqliteEventStore(eventsFile);
    const resumed = new SqliteReadStore(readFile);
    const clean = new SqliteReadStore(join(dir, 'clean.db'));
    try {
      await rebuildProjection(streamCounter, { eventStore: events, readStore: clean });
      const [a, b] = [await snapshot(resumed, 'counters'), await snapshot(clean, 'counters')];
      expect(a.length).toBeGreaterThan(900);
      expect(a).toEqual(b);
      expect(new Map(a.map((d) => [d.id, d.doc]))).toEqual(await expectedCounters(events));
      expect(await resumed.getCheckpoint('stream-counter')).toBe(head);
      expect(await resumed.getCheckpoint('stream-counter__rebuild')).toBe(-1n);
    } finally {
      await Promise.all([events.close(), resumed.close(), clean.close()]);
    }
  });

  it('a rebuild from another connection while the live runner runs keeps serving and ends identical', async () => {
    const eventsFile2 = join(dir, 'events-live.db');
    const readFile = join(dir, 'live.db');
    const events = new SqliteEventStore(eventsFile2);
    await appendToy(events, 0, 20_000, 500);
    // The API process and the operator's CLI each have their own connection to the read database.
    const apiRead = new SqliteReadStore(readFile);
    const cliRead = new SqliteReadStore(readFile);
    const live = new ProcessorRunner({
      eventStore: events,
      readStore: apiRead,
      projectors: toyProjectors,
      pollMs: 20,
      standbyMs: 20,
      log: createLogger('silent'),
    });
    try {
      live.start();
      expect(await live.waitFor(await events.headPosition(), undefined, 20_000)).toBe(true);

      let appending = true;
      let next = 20_000;
      const appender = (async () => {
        while (appending) {
          await appendToy(events, next, 50, 500);
          next += 50;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const served: number[] = [];
      const result = await rebuildProjection(streamCounter, {
        eventStore: events,
        readStore: cliRead,
        batchSize: 2000,
        onProgress: () => {
          void apiRead.findWithTotal('counters', { limit: 1 }).then((r) => served.push(r.total));
        },
      });
      appending = false;
      await appender;
      expect(result.events).toBeGreaterThanOrEqual(20_000);
      expect(served.length).toBeGreaterThanOrEqual(10);
      expect(served.every((n) => n > 0)).toBe(true);

      const finalHead = await events.headPosition();
      expect(await live.waitFor(finalHead, undefined, 20_000)).toBe(true);
      const clean = new SqliteReadStore(join(dir, 'live-clean.db'));
      await rebuildProjection(streamCounter, { eventStore: events, readStore: clean });
      expect(await snapshot(apiRead, 'counters')).toEqual(await snapshot(clean, 'counters'));
      await clean.close();
    } finally {
      await live.stop();
      await Promise.all([apiRead.close(), cliRead.close(), events.close()]);
    }
  });

  it('two runners on two connections: only the lease holder writes', async () => {
    const eventsFile3 = join(dir, 'events-two.db');
    const readFile = join(dir, 'two.db');
    const events = new SqliteEventStore(eventsFile3);
    const stores = [new SqliteReadStore(readFile), new SqliteReadStore(readFile)];
    const owners: string[] = [];
    const runners = stores.map((readStore, i) => {
      const r = new ProcessorRunner({
        eventStore: events,
        readStore,
        projectors: toyProjectors,
        owner: `runner-${i}`,
        pollMs: 20,
        standbyMs: 20,
        log: createLogger('silent'),
      });
      r.onProgress(() => owners.push(r.owner));
      return r;
    });
    try {
      runners.forEach((r) => r.start());
      for (let round = 0; round < 5; round++) {
        await appendToy(events, round * 1000, 1000, 100);
        expect(await runners[0]!.waitFor(await events.headPosition(), undefined, 10_000)).toBe(true);
      }
      expect(owners.length).toBeGreaterThan(0);
      // Per projection the writer is one runner; with two projections the two runners may have one each.
      const byProjection = await Promise.all(runners.map((r) => r.status()));
      for (const i of [0, 1]) {
        const states = byProjection.map((s) => s[i]!.state);
        expect(states.filter((s) => s === 'running')).toHaveLength(1);
        expect(states.filter((s) => s === 'standby')).toHaveLength(1);
      }
      expect(new Map((await snapshot(stores[0]!, 'counters')).map((d) => [d.id, d.doc]))).toEqual(
        await expectedCounters(events),
      );
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
      await Promise.all([...stores.map((s) => s.close()), events.close()]);
    }
  });
});
