import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';
import { MemoryReadStore } from '../../../platform/readstore/memory.js';
import { allProjectors } from '../../../projections/index.js';
import { exitCodeOf, progress, rebuildEveryProjection, type ProgressOutput } from '../../../service/core/cli.js';
import { ConfigError } from '../../../service/core/config.js';

/** Standard error as a list of what was written. */
function stderr() {
  const written: string[] = [];
  return { written, write: (text: string) => void written.push(text) };
}

describe('the exit code of an operator command', () => {
  it('given a main that answers a code, then that is the exit code and nothing is written', async () => {
    const err = stderr();
    expect(await exitCodeOf('backup', async () => 0, err.write)).toBe(0);
    expect(await exitCodeOf('backup', async () => 64, err.write)).toBe(64);
    expect(err.written).toEqual([]);
  });

  it('given a configuration that cannot work, then its own message and 78', async () => {
    const err = stderr();
    const code = await exitCodeOf(
      'restore',
      async () => {
        throw new ConfigError('Invalid configuration:\n  DATA_DIR: not a folder');
      },
      err.write,
    );
    expect(code).toBe(78);
    expect(err.written).toEqual(['Invalid configuration:\n  DATA_DIR: not a folder\n']);
  });

  it('given any other failure, then the command names itself before the message, and 1', async () => {
    const err = stderr();
    const failing = (thrown: unknown) => async () => {
      throw thrown;
    };
    expect(await exitCodeOf('restore', failing(new Error('the folder is not empty')), err.write)).toBe(1);
    expect(await exitCodeOf('privacy', failing('a string'), err.write)).toBe(1);
    expect(err.written).toEqual(['restore: the folder is not empty\n', 'privacy: a string\n']);
  });
});

interface Step {
  n: number;
  of: number;
  file: string;
}

/** An output with a clock the test moves, a list of lines, and a bar that records what it is told. */
function output(terminal: boolean) {
  const lines: string[] = [];
  const bar: string[] = [];
  const clock = { now: 0 };
  const out: ProgressOutput = {
    terminal,
    write: (line) => void lines.push(line),
    now: () => clock.now,
    bar: (format) => ({
      start: (total: number, value: number, payload?: object) =>
        void bar.push(`start ${format} ${value}/${total} ${JSON.stringify(payload ?? {})}`),
      setTotal: (total: number) => void bar.push(`total ${total}`),
      update: (value: number, payload?: object) => void bar.push(`update ${value} ${JSON.stringify(payload ?? {})}`),
      stop: () => void bar.push('stop'),
    }),
  };
  return { out, lines, bar, clock };
}

const view = {
  format: '{file} [{bar}]',
  bar: (p: Step) => ({ total: p.of, value: p.n, payload: { file: p.file }, key: p.file }),
  line: (p: Step) => `[copy] ${p.file} ${p.n}/${p.of}`,
};

describe('the progress of an operator command', () => {
  it('given no terminal and a pace, when steps come, then a line at most that often (none in the first span), and the ones that must be said at once', () => {
    const o = output(false);
    const p = progress({ ...view, everyMs: 2000, always: (s: Step) => s.n === s.of }, o.out);
    for (const [at, n] of [
      [500, 1],
      [2500, 2],
      [3000, 3],
      [3100, 10],
      [5200, 4],
    ] as const) {
      o.clock.now = at;
      p.update({ n, of: 10, file: 'events.db' });
    }
    p.stop();
    expect(o.lines).toEqual(['[copy] events.db 2/10', '[copy] events.db 10/10', '[copy] events.db 4/10']);
    expect(o.bar).toEqual([]);
  });

  it('given no terminal and no pace, when steps come, then each different line once', () => {
    const o = output(false);
    const p = progress({ ...view, line: (s: Step) => `[backup] ${s.file}` }, o.out);
    for (const s of [
      { n: 1, of: 2, file: 'read.db' },
      { n: 2, of: 2, file: 'read.db' },
      { n: 1, of: 1, file: 'events.db' },
    ])
      p.update(s);
    expect(o.lines).toEqual(['[backup] read.db', '[backup] events.db']);
  });

  it('given a terminal, when steps come, then one bar per key, started where the view says, moved, and stopped once', () => {
    const o = output(true);
    const p = progress(
      { ...view, bar: (s: Step) => ({ ...view.bar(s), ...(s.file === 'read.db' ? { startAt: 0 } : {}) }) },
      o.out,
    );
    p.update({ n: 3, of: 8, file: 'read.db' });
    p.update({ n: 8, of: 8, file: 'read.db' });
    p.update({ n: 1, of: 4, file: 'events.db' });
    p.stop();
    expect(o.bar).toEqual([
      'start {file} [{bar}] 0/8 {"file":"read.db"}',
      'total 8',
      'update 3 {"file":"read.db"}',
      'total 8',
      'update 8 {"file":"read.db"}',
      'stop',
      'start {file} [{bar}] 1/4 {"file":"events.db"}',
      'total 4',
      'update 1 {"file":"events.db"}',
      'stop',
    ]);
    expect(o.lines).toEqual([]);
  });

  it('given a terminal and no step, when it stops, then no bar was ever drawn', () => {
    const o = output(true);
    progress(view, o.out).stop();
    expect(o.bar).toEqual([]);
  });
});

describe('every projection rebuilt', () => {
  it('given the stores, then each projection is rebuilt and said on its own line under the command', async () => {
    const lines: string[] = [];
    const readStore = new MemoryReadStore();
    await rebuildEveryProjection({ eventStore: new MemoryEventStore(), readStore }, 'restore', (l) => lines.push(l));
    expect(lines).toEqual(allProjectors.map((p) => `[restore] rebuilt ${p.name}: 0 events`));
  });
});
