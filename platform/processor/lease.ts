import { type ReadStore, LeaseLostError } from '../readstore/port.js';

export interface LeaseOptions {
  /** How long a holder that died keeps others out. */
  ttlMs: number;
  /**
   * Take the lease at the first attempt even if another owner holds it: for the embedded default,
   * where one process owns DATA_DIR and a lease left by a killed process would only delay a restart.
   */
  takeOverAtStart?: boolean;
  now?: () => number;
}

/**
 * The one lease rule every shared worker follows (projectors, reactors, the hold timer, a rebuild):
 * a lease is taken only when free, expired or already ours; it is renewed once a third of its time
 * to live has passed, so it never lapses while the holder is alive; whether a write may happen is
 * decided by the read store in the write's own transaction (ownership on record, not expiry).
 */
export class Lease {
  private holding = false;
  private everHeld = false;
  private renewAt = 0;
  private readonly now: () => number;

  constructor(
    private readonly readStore: ReadStore,
    readonly name: string,
    readonly owner: string,
    private readonly options: LeaseOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get held(): boolean {
    return this.holding;
  }

  /** Takes or keeps the lease: 'gained' when this owner did not hold it just before, 'kept', or 'refused'. */
  async hold(): Promise<'gained' | 'kept' | 'refused'> {
    const now = this.now();
    if (this.holding && now < this.renewAt) return 'kept';
    const force = !this.everHeld && this.options.takeOverAtStart === true;
    if (!(await this.readStore.acquireLease(this.name, this.owner, this.options.ttlMs, force))) {
      this.holding = false;
      return 'refused';
    }
    const gained = !this.holding;
    this.holding = true;
    this.everHeld = true;
    this.renewAt = now + this.options.ttlMs / 3;
    return gained ? 'gained' : 'kept';
  }

  /** Takes the lease even from another holder (a rebuild stopping the live runner; its next write fails). */
  async takeOver(): Promise<void> {
    await this.readStore.acquireLease(this.name, this.owner, this.options.ttlMs, true);
    this.holding = true;
    this.everHeld = true;
    this.renewAt = this.now() + this.options.ttlMs / 3;
  }

  /** Renews now; throws LeaseLostError when another owner took it meanwhile. */
  async confirm(): Promise<void> {
    if (!(await this.readStore.acquireLease(this.name, this.owner, this.options.ttlMs))) {
      this.holding = false;
      throw new LeaseLostError(this.name, this.owner);
    }
    this.holding = true;
    this.renewAt = this.now() + this.options.ttlMs / 3;
  }

  /** Renews when due; throws LeaseLostError when another owner took it meanwhile. */
  async keep(): Promise<void> {
    if (this.holding && this.now() < this.renewAt) return;
    await this.confirm();
  }

  /** Marks the lease lost without asking the store (a write was refused for it). */
  lost(): void {
    this.holding = false;
  }

  async release(): Promise<void> {
    if (!this.holding) return;
    this.holding = false;
    await this.readStore.releaseLease(this.name, this.owner).catch(() => undefined);
  }
}
