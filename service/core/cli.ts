import { Presets, SingleBar } from 'cli-progress';
import type { EventStore } from '../../platform/eventstore/port.js';
import { rebuildProjection } from '../../platform/processor/rebuild.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { allProjectors } from '../../projections/index.js';
import { ConfigError, loadConfig, type Config } from './config.js';

/**
 * What the operator commands (`npm run projections`, `privacy`, `backup`, `restore`) share: their
 * configuration, their exit codes and their progress, on a terminal as a bar and elsewhere (CI,
 * logs, cron) as plain lines.
 */

/** sysexits(3): the command was used wrongly; the configuration cannot work. */
export const EXIT_USAGE = 64;
export const EXIT_CONFIG = 78;

/** One line on standard output. */
export const out = (line = ''): void => void process.stdout.write(line + '\n');

/** The usage on standard error, and the exit code that goes with it. */
export function usage(text: string): number {
  process.stderr.write(text + '\n');
  return EXIT_USAGE;
}

/** The configuration of a command: it takes no payments, signs no booking links and listens on no port. */
export const commandConfig = (env: NodeJS.ProcessEnv = process.env): Config =>
  loadConfig(env, { takesPayments: false, signsBookingLinks: false, listens: false });

/**
 * The exit code of a command's run: the code it answers; for a configuration that cannot work,
 * 78 and the configuration's own message; for any other failure, 1 and the message after the
 * command's name (`restore: …`).
 */
export async function exitCodeOf(
  name: string,
  run: () => Promise<number>,
  writeErr: (text: string) => void = (text) => void process.stderr.write(text),
): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ConfigError) {
      writeErr(`${err.message}\n`);
      return EXIT_CONFIG;
    }
    writeErr(`${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

/** Runs a command's main on the process's arguments and leaves its exit code for when the process ends. */
export function runCommand(name: string, main: (argv: string[]) => Promise<number>): void {
  void exitCodeOf(name, () => main(process.argv.slice(2))).then((code) => {
    process.exitCode = code;
  });
}

/** Every projection rebuilt from the first event, in turn, each said on its own line: `[<tag>] rebuilt <name>: <n> events`. */
export async function rebuildEveryProjection(
  stores: { eventStore: EventStore; readStore: ReadStore },
  tag: string,
  say: (line: string) => void = out,
): Promise<void> {
  for (const projector of allProjectors) {
    const rebuilt = await rebuildProjection(projector, { eventStore: stores.eventStore, readStore: stores.readStore });
    say(`[${tag}] rebuilt ${projector.name}: ${rebuilt.events} events`);
  }
}

/** A command's progress, told one step at a time. */
export interface Progress<P> {
  update(step: P): void;
  stop(): void;
}

/** How a command shows its steps. */
export interface ProgressView<P> {
  /** On a terminal: the bar's format (cli-progress's tokens: `{bar}`, `{percentage}`, the payload's names). */
  format: string;
  /** Where a step puts the bar; a new `key` ends the bar and starts another, begun at `startAt` (else `value`). */
  bar(step: P): { total: number; value: number; payload?: Record<string, unknown>; key?: string; startAt?: number };
  /** Elsewhere: the line a step prints, or null for none. */
  line(step: P): string | null;
  /**
   * At most one line every so many milliseconds, counted from the process's start (a short run
   * prints none), except the steps `always` names. Without it, each line that differs from the
   * last is printed.
   */
  everyMs?: number;
  always?(step: P): boolean;
}

/** Where progress goes; the process's by default. */
export interface ProgressOutput {
  terminal: boolean;
  write(line: string): void;
  now(): number;
  bar(format: string): ProgressBar;
}

/** What a command asks of a terminal's bar (cli-progress's `SingleBar` has it). */
export interface ProgressBar {
  start(total: number, value: number, payload?: object): void;
  setTotal(total: number): void;
  update(value: number, payload?: object): void;
  stop(): void;
}

const processOutput = (): ProgressOutput => ({
  terminal: Boolean(process.stdout.isTTY),
  write: out,
  now: () => performance.now(),
  bar: (format) => new SingleBar({ format, hideCursor: true }, Presets.shades_classic),
});

/** A bar on a terminal; elsewhere plain lines, as the view paces them. */
export function progress<P>(view: ProgressView<P>, output: ProgressOutput = processOutput()): Progress<P> {
  if (!output.terminal) {
    let last: string | null = null;
    let lastAt = 0;
    return {
      update(step) {
        if (view.everyMs !== undefined) {
          const now = output.now();
          if (now - lastAt < view.everyMs && !view.always?.(step)) return;
          lastAt = now;
        }
        const line = view.line(step);
        if (line === null || (view.everyMs === undefined && line === last)) return;
        last = line;
        output.write(line);
      },
      stop() {},
    };
  }
  const bar = output.bar(view.format);
  let drawn: { key?: string } | null = null;
  return {
    update(step) {
      const at = view.bar(step);
      if (drawn === null || at.key !== drawn.key) {
        if (drawn !== null) bar.stop();
        drawn = { key: at.key };
        bar.start(at.total, at.startAt ?? at.value, at.payload);
      }
      bar.setTotal(at.total);
      bar.update(at.value, at.payload);
    },
    stop() {
      if (drawn !== null) bar.stop();
    },
  };
}
