import type { ReadStore } from '../readstore/port.js';

interface Pending {
  position: bigint;
  names: string[];
  resolve(reached: boolean): void;
  timer: NodeJS.Timeout;
}

export interface CheckpointWaiterOptions {
  readStore: ReadStore;
  /** Projections waited for when a caller names none. */
  names: string[];
  /** How often the read store's checkpoints are read while someone waits (default 25 ms). */
  pollMs?: number;
  /** Default bound of a wait (default 3000 ms). */
  timeoutMs?: number;
}

/**
 * Lets a query wait (bounded) until projections have reached a position, so a read right after a
 * write sees it. A runner in the same process reports each checkpoint through `observe`, which
 * answers at once; while anyone waits, the read store's checkpoints are also polled, which covers
 * projections running in another process. One poll serves every pending wait.
 */
export class CheckpointWaiter {
  private readonly known = new Map<string, bigint>();
  /** Which observation last set each name, so a poll that started earlier does not undo it. */
  private readonly observedAt = new Map<string, number>();
  private sequence = 0;
  private readonly pending = new Set<Pending>();
  private pollTimer: NodeJS.Timeout | undefined;
  private polling = false;
  private readonly pollMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: CheckpointWaiterOptions) {
    this.pollMs = options.pollMs ?? 25;
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  private readonly observers = new Set<(name: string, checkpoint: bigint) => void>();

  /** A checkpoint reached in this process. */
  observe(name: string, checkpoint: bigint): void {
    this.known.set(name, checkpoint);
    this.observedAt.set(name, ++this.sequence);
    for (const observer of this.observers) observer(name, checkpoint);
    this.settle();
  }

  /** Called with each checkpoint reached in this process (say, to drop answers kept in memory at once). */
  onObserve(observer: (name: string, checkpoint: bigint) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Resolves true once every named projection (all by default) has a checkpoint >= position, false on timeout. */
  waitFor(position: bigint, projections?: string[], timeoutMs = this.timeoutMs): Promise<boolean> {
    const names = projections && projections.length > 0 ? projections : this.options.names;
    if (this.reached(position, names)) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const p: Pending = {
        position,
        names,
        resolve,
        timer: setTimeout(() => {
          this.pending.delete(p);
          resolve(false);
        }, timeoutMs),
      };
      this.pending.add(p);
      this.schedulePoll(0);
    });
  }

  /** Ends every wait (as not reached) and stops polling. */
  close(): void {
    clearTimeout(this.pollTimer);
    for (const p of this.pending) {
      clearTimeout(p.timer);
      p.resolve(false);
    }
    this.pending.clear();
  }

  private reached(position: bigint, names: string[]): boolean {
    return names.every((n) => (this.known.get(n) ?? -1n) >= position);
  }

  private settle(): void {
    for (const p of this.pending) {
      if (this.reached(p.position, p.names)) {
        clearTimeout(p.timer);
        this.pending.delete(p);
        p.resolve(true);
      }
    }
  }

  private schedulePoll(delay: number): void {
    if (this.polling || this.pollTimer || this.pending.size === 0) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      void this.poll();
    }, delay);
  }

  private async poll(): Promise<void> {
    this.polling = true;
    const startedAt = this.sequence;
    try {
      const checkpoints = await this.options.readStore.listCheckpoints();
      const names = new Set([...checkpoints.keys(), ...[...this.pending].flatMap((p) => p.names)]);
      for (const name of names) {
        if ((this.observedAt.get(name) ?? 0) <= startedAt) this.known.set(name, checkpoints.get(name) ?? -1n);
      }
      this.settle();
    } catch {
      // The read store is briefly unavailable: waits time out on their own, the next poll retries.
    } finally {
      this.polling = false;
      this.schedulePoll(this.pollMs);
    }
  }
}
