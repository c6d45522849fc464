import type { ReadStore } from '../readstore/port.js';

/**
 * The projections' checkpoints as the read store holds them, read at most once every `maxAgeMs`
 * (one read shared by every caller meanwhile). Whichever process moved a projection, an answer
 * cached against these checkpoints is at most `maxAgeMs` behind; `fresh` reads now, for a caller
 * that must see a position it was promised (`minPosition`).
 */
export class CheckpointClock {
  private snapshot: Map<string, bigint> | undefined;
  private readAt = 0;
  private inflight: Promise<Map<string, bigint>> | undefined;
  /** Moved by `invalidate`: a read begun before it is not kept. */
  private generation = 0;

  constructor(
    private readonly store: Pick<ReadStore, 'listCheckpoints'>,
    private readonly maxAgeMs = 5,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The checkpoints, from the last read when it is recent enough (synchronously then). */
  current(fresh = false): Map<string, bigint> | Promise<Map<string, bigint>> {
    if (!fresh && this.snapshot && this.now() - this.readAt < this.maxAgeMs) return this.snapshot;
    if (!fresh && this.inflight) return this.inflight;
    const startedAt = this.now();
    const generation = this.generation;
    const read = this.store.listCheckpoints().then((checkpoints) => {
      // A read that started earlier never replaces one that started later.
      if (generation === this.generation && startedAt >= this.readAt) {
        this.snapshot = checkpoints;
        this.readAt = startedAt;
      }
      return checkpoints;
    });
    if (!fresh) this.inflight = read.finally(() => (this.inflight = undefined));
    return read;
  }

  /** A checkpoint moved in this process: the next caller reads afresh. */
  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
    this.inflight = undefined;
  }
}
