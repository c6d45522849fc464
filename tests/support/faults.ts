/**
 * Fault-injecting wrappers of the ports, for the tests in tests/faults. Each wrapper passes every
 * call through to a real adapter until a fault is switched on, and counts the faults it injected,
 * so a test can report how many it caused and prove that it caused any at all.
 */
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  RecordedEvent,
} from '../../platform/eventstore/port.js';
import { EventStoreUnavailableError } from '../../platform/eventstore/port.js';
import type {
  CheckpointWrite,
  DocValue,
  FindResult,
  FindWithTotalResult,
  IndexSpec,
  Query,
  ReadStore,
  StoredDoc,
  WriteOp,
} from '../../platform/readstore/port.js';
import { ReadStoreUnavailableError } from '../../platform/readstore/port.js';
import type {
  ChargeSavedCardInput,
  CreateIntentInput,
  PaymentIntentInfo,
  PaymentsPort,
  ProviderEvent,
  SavedCard,
  WebhookDelivery,
} from '../../service/payments/port.js';
import { PaymentProviderError, RefundRefusedError } from '../../service/payments/port.js';

/* ------------------------------------------------------------------------------------------------
 * Event store
 * ---------------------------------------------------------------------------------------------- */

export interface AppendFault {
  /** Which appends the fault hits. */
  match: (streamId: string, events: readonly NewEvent[]) => boolean;
  /**
   * 'before': the append fails and nothing is written (the store refused or was unreachable).
   * 'after': the append is written, then the answer is lost (a timeout after the commit), so the
   * caller sees an error for events that are durable: the ambiguous outcome of a remote store.
   */
  when: 'before' | 'after';
  /** How many matching appends fail (default 1); Infinity until cleared. */
  times?: number;
  /** After the first hit, the whole store goes down (every call fails) until `up()`. */
  thenDown?: boolean;
}

/** Wraps an EventStore: `down()` makes every call throw EventStoreUnavailableError; `failAppends` hits chosen appends. */
export class FaultyEventStore implements EventStore {
  /** Faults injected so far. */
  injected = 0;
  private isDown = false;
  private faults: (AppendFault & { left: number })[] = [];

  constructor(readonly inner: EventStore) {}

  down(): void {
    this.isDown = true;
  }

  up(): void {
    this.isDown = false;
  }

  get isUp(): boolean {
    return !this.isDown;
  }

  failAppends(fault: AppendFault): void {
    this.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  clear(): void {
    this.faults = [];
    this.isDown = false;
  }

  private guard(op: string): void {
    if (this.isDown) {
      this.injected++;
      throw new EventStoreUnavailableError(`injected fault: event store down (${op})`);
    }
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    this.guard('append');
    const fault = this.faults.find((f) => f.left > 0 && f.match(streamId, events));
    if (!fault) return this.inner.append(streamId, events, expected);
    fault.left--;
    this.injected++;
    if (fault.thenDown) this.isDown = true;
    if (fault.when === 'after') {
      await this.inner.append(streamId, events, expected);
      throw new EventStoreUnavailableError(
        `injected fault: the answer to an append to ${streamId} was lost after the commit`,
      );
    }
    throw new EventStoreUnavailableError(`injected fault: append to ${streamId} refused`);
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    this.guard('readStream');
    return this.inner.readStream(streamId);
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    this.guard('readAll');
    return this.inner.readAll(options);
  }

  async headPosition(): Promise<bigint> {
    this.guard('headPosition');
    return this.inner.headPosition();
  }

  onAppended(listener: () => void): () => void {
    return this.inner.onAppended(listener);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/* ------------------------------------------------------------------------------------------------
 * Read store
 * ---------------------------------------------------------------------------------------------- */

type ReadStoreMethod = Exclude<keyof ReadStore, 'close'>;

/** Wraps a ReadStore: `down()` makes every call throw ReadStoreUnavailableError; `failWrites` hits chosen writes. */
export class FaultyReadStore implements ReadStore {
  /** Faults injected so far. */
  injected = 0;
  /** Calls per method while down, to show which parts of the app touched the store. */
  readonly refusedCalls: Partial<Record<ReadStoreMethod, number>> = {};
  private isDown = false;
  private writeFaults: { when: 'before' | 'after'; left: number; every: number; seen: number }[] = [];

  constructor(readonly inner: ReadStore) {}

  down(): void {
    this.isDown = true;
  }

  up(): void {
    this.isDown = false;
  }

  /**
   * Makes every `every`-th write fail, `times` times: 'before' writes nothing, 'after' commits and
   * then loses the answer (the runner must retry the batch without applying anything twice).
   */
  failWrites(fault: { when: 'before' | 'after'; every?: number; times?: number }): void {
    this.writeFaults.push({ when: fault.when, every: fault.every ?? 1, left: fault.times ?? 1, seen: 0 });
  }

  private guard(method: ReadStoreMethod): void {
    if (!this.isDown) return;
    this.injected++;
    this.refusedCalls[method] = (this.refusedCalls[method] ?? 0) + 1;
    throw new ReadStoreUnavailableError(`injected fault: read store down (${method})`);
  }

  async get<T extends DocValue = DocValue>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    this.guard('get');
    return this.inner.get<T>(collection, id);
  }

  async getMany<T extends DocValue = DocValue>(collection: string, ids: string[]): Promise<Map<string, StoredDoc<T>>> {
    this.guard('getMany');
    return this.inner.getMany<T>(collection, ids);
  }

  async find<T extends DocValue = DocValue>(collection: string, query?: Query): Promise<FindResult<T>> {
    this.guard('find');
    return this.inner.find<T>(collection, query);
  }

  async findWithTotal<T extends DocValue = DocValue>(
    collection: string,
    query?: Query,
  ): Promise<FindWithTotalResult<T>> {
    this.guard('findWithTotal');
    return this.inner.findWithTotal<T>(collection, query);
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    this.guard('ensureIndexes');
    return this.inner.ensureIndexes(collection, indexes);
  }

  async write(ops: WriteOp[], checkpoint?: CheckpointWrite): Promise<void> {
    this.guard('write');
    const fault = this.writeFaults.find((f) => f.left > 0 && ++f.seen % f.every === 0);
    if (!fault) return this.inner.write(ops, checkpoint);
    fault.left--;
    this.injected++;
    if (fault.when === 'after') {
      await this.inner.write(ops, checkpoint);
      throw new ReadStoreUnavailableError('injected fault: the answer to a read store write was lost after the commit');
    }
    throw new ReadStoreUnavailableError('injected fault: read store write refused');
  }

  async getCheckpoint(projection: string): Promise<bigint> {
    this.guard('getCheckpoint');
    return this.inner.getCheckpoint(projection);
  }

  async listCheckpoints(): Promise<Map<string, bigint>> {
    this.guard('listCheckpoints');
    return this.inner.listCheckpoints();
  }

  async reset(projection: string, collections: string[]): Promise<void> {
    this.guard('reset');
    return this.inner.reset(projection, collections);
  }

  async swap(
    pairs: [live: string, shadow: string][],
    projection: string,
    shadowProjection: string,
    position: bigint,
  ): Promise<void> {
    this.guard('swap');
    return this.inner.swap(pairs, projection, shadowProjection, position);
  }

  async acquireLease(name: string, owner: string, ttlMs: number, force?: boolean): Promise<boolean> {
    this.guard('acquireLease');
    return this.inner.acquireLease(name, owner, ttlMs, force);
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    this.guard('releaseLease');
    return this.inner.releaseLease(name, owner);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/* ------------------------------------------------------------------------------------------------
 * Payments provider
 * ---------------------------------------------------------------------------------------------- */

/**
 * Wraps a PaymentsPort the way a flaky provider behaves:
 * - `timeOutCreates(n, 'after')`: the provider creates the PaymentIntent but the answer never
 *   arrives (the call times out); 'before': the call times out before reaching the provider;
 * - `deliverTwice()`: every provider event is delivered twice, at the same time (Stripe retries a
 *   delivery it thinks timed out while the first one is still being handled);
 * and records what really happened at the provider, to count PaymentIntents per idempotency key.
 */
export class FaultyPayments implements PaymentsPort {
  injected = 0;
  /** Every PaymentIntent the provider really created or returned, by idempotency key. */
  readonly intentsByKey = new Map<string, Set<string>>();
  /** Every (signed) event body the provider delivered, in order, duplicates included. */
  readonly deliveries: { rawBody: string; signature: string }[] = [];
  /** Calls that reached the provider's createPaymentIntent. */
  createCalls = 0;
  private createFaults: { when: 'before' | 'after'; left: number }[] = [];
  private duplicate = false;
  private refusals = 0;
  private refundTimeouts: { when: 'before' | 'after'; left: number } = { when: 'before', left: 0 };
  /** Every refund call that reached the provider: intent, idempotency key, amount, and whether it was refused. */
  readonly refundCalls: { paymentIntentId: string; idempotencyKey: string; amountCents?: number; refused: boolean }[] =
    [];

  /** Every charge of a saved card that reached the provider: its key, the intent it answered and its status. */
  readonly chargeCalls: { idempotencyKey: string; intentId: string; status: string }[] = [];
  private chargeTimeouts: { when: 'before' | 'after'; left: number } = { when: 'before', left: 0 };

  constructor(readonly inner: PaymentsPort) {}

  get provider() {
    return this.inner.provider;
  }

  get publishableKey() {
    return this.inner.publishableKey;
  }

  get hasSecretKey() {
    return this.inner.hasSecretKey;
  }

  timeOutCreates(times: number, when: 'before' | 'after'): void {
    this.createFaults.push({ when, left: times });
  }

  /** The next `times` refunds are refused by the provider (as Stripe answers a card that cannot take a refund). */
  refuseRefunds(times: number): void {
    this.refusals += times;
  }

  /**
   * The next `times` refund calls time out: 'before' they reach the provider, or 'after' it made
   * the refund (the answer is lost, so the caller cannot know it was made).
   */
  timeOutRefunds(times: number, when: 'before' | 'after'): void {
    this.refundTimeouts = { when, left: times };
  }

  deliverTwice(on = true): void {
    this.duplicate = on;
  }

  async createPaymentIntent(input: CreateIntentInput): Promise<PaymentIntentInfo> {
    const fault = this.createFaults.find((f) => f.left > 0);
    if (fault?.when === 'before') {
      fault.left--;
      this.injected++;
      throw new PaymentProviderError('injected fault: the payment provider did not answer in time');
    }
    this.createCalls++;
    const intent = await this.inner.createPaymentIntent(input);
    const ids = this.intentsByKey.get(input.idempotencyKey) ?? new Set<string>();
    ids.add(intent.id);
    this.intentsByKey.set(input.idempotencyKey, ids);
    if (fault?.when === 'after') {
      fault.left--;
      this.injected++;
      throw new PaymentProviderError(
        'injected fault: the payment provider answer was lost (timeout after the intent was created)',
      );
    }
    return intent;
  }

  cancelPaymentIntent(id: string): Promise<boolean> {
    return this.inner.cancelPaymentIntent(id);
  }

  /**
   * The next `times` charges of a saved card time out: 'before' they reach the provider, or 'after'
   * it charged the card (the answer is lost, so the caller cannot know the card was charged).
   */
  timeOutCharges(times: number, when: 'before' | 'after'): void {
    this.chargeTimeouts = { when, left: times };
  }

  async chargeSavedCard(input: ChargeSavedCardInput): Promise<PaymentIntentInfo> {
    const timeout = this.chargeTimeouts.left > 0 ? this.chargeTimeouts : null;
    if (timeout?.when === 'before') {
      timeout.left--;
      this.injected++;
      throw new PaymentProviderError('injected fault: the payment provider did not answer the charge in time');
    }
    const intent = await this.inner.chargeSavedCard(input);
    this.chargeCalls.push({ idempotencyKey: input.idempotencyKey, intentId: intent.id, status: intent.status });
    if (timeout?.when === 'after') {
      timeout.left--;
      this.injected++;
      throw new PaymentProviderError('injected fault: the card was charged but the answer was lost');
    }
    return intent;
  }

  detachCard(card: SavedCard): Promise<boolean> {
    return this.inner.detachCard(card);
  }

  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    return this.inner.retrievePaymentIntent(id);
  }

  async refund(
    paymentIntentId: string,
    idempotencyKey: string,
    amountCents?: number,
  ): Promise<{ refundId: string; amountCents: number }> {
    const timeout = this.refundTimeouts.left > 0 ? this.refundTimeouts : null;
    if (timeout?.when === 'before') {
      timeout.left--;
      this.injected++;
      throw new PaymentProviderError('injected fault: the payment provider did not answer the refund in time');
    }
    const refused = this.refusals > 0;
    this.refundCalls.push({ paymentIntentId, idempotencyKey, amountCents, refused });
    if (refused) {
      this.refusals--;
      this.injected++;
      throw new RefundRefusedError('card_cannot_be_refunded', 'injected fault: the card issuer refused the refund');
    }
    const refund = await this.inner.refund(paymentIntentId, idempotencyKey, amountCents);
    if (timeout?.when === 'after') {
      timeout.left--;
      this.injected++;
      throw new PaymentProviderError('injected fault: the refund was made but its answer was lost');
    }
    return refund;
  }

  checkConnection(): Promise<{ ok: true } | { ok: false; error: string }> {
    return this.inner.checkConnection();
  }

  verifyEvent(rawBody: string | Uint8Array, signatureHeader: string | undefined): ProviderEvent {
    return this.inner.verifyEvent(rawBody, signatureHeader);
  }

  signForTest(payload: string): string {
    return this.inner.signForTest(payload);
  }

  attachDelivery(deliver: WebhookDelivery): void {
    this.inner.attachDelivery(async (rawBody, signature) => {
      this.deliveries.push({ rawBody, signature });
      if (!this.duplicate) return deliver(rawBody, signature);
      this.injected++;
      this.deliveries.push({ rawBody, signature });
      const results = await Promise.allSettled([deliver(rawBody, signature), deliver(rawBody, signature)]);
      // The provider sees a failure only if both deliveries failed.
      if (results.every((r) => r.status === 'rejected')) throw (results[0] as PromiseRejectedResult).reason;
    });
  }
}
