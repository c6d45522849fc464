import type { EventMetadata } from '../../contracts/core/events.js';
import { Lease } from '../../platform/processor/lease.js';
import { LeasedTimer } from '../../platform/processor/leased-timer.js';
import { LeaseLostError } from '../../platform/readstore/port.js';
import { GIFT_CARDS, type GiftCardDoc } from '../../projections/gift-cards/gift-cards.js';
import type { AppDeps } from '../core/deps.js';
import { sendGiftCardEmail } from './gift-card-email.js';
import { schoolDay } from '../core/school-day.js';

export interface GiftCardEmailTimerOptions {
  intervalMs?: number;
  owner?: string;
  takeOverAtStart?: boolean;
}

const LEASE = 'gift-card-emails';

/**
 * The gift cards whose send date has come, on a clock under its own lease (one sender across API
 * processes): the `gift-cards` read model's paid cards not yet e-mailed with `sendOn` up to today
 * (the school's calendar), each sent by `sendGiftCardEmail`, which reads the card's stream first
 * and records the send there, so a restart or a second process sends nothing twice.
 */
export class GiftCardEmailTimer {
  private readonly timer: LeasedTimer<{ sent: number; failures: number }>;
  private readonly lease: Lease;
  private readonly passedOver = new Set<string>();

  constructor(
    private readonly deps: AppDeps,
    options: GiftCardEmailTimerOptions = {},
  ) {
    const owner = options.owner ?? `gift-card-timer-${process.pid}-${deps.newId()}`;
    this.lease = new Lease(deps.readStore, LEASE, owner, {
      ttlMs: Math.max(30_000, (options.intervalMs ?? 60_000) * 3),
      takeOverAtStart: options.takeOverAtStart,
    });
    this.timer = new LeasedTimer({
      name: 'gift card e-mail timer',
      intervalMs: options.intervalMs ?? 60_000,
      lease: this.lease,
      log: deps.log,
      pass: () => this.work(),
      idle: () => ({ sent: 0, failures: 0 }),
    });
  }

  start(): void {
    this.timer.start();
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  tick() {
    return this.timer.tick();
  }

  private async work() {
    const report = { sent: 0, failures: 0 };
    const today = schoolDay(this.deps.clock());
    const { items } = await this.deps.readStore.find<GiftCardDoc>(GIFT_CARDS, {
      where: { emailDue: true },
      sort: [{ field: 'sendOn', direction: 'asc' }],
      limit: 200,
    });
    for (const { doc } of items) {
      if (doc.sendOn > today) break;
      if (this.passedOver.has(doc.id)) continue;
      try {
        await this.lease.keep();
        const outcome = await sendGiftCardEmail(this.deps, doc.id, this.metadata(doc.id));
        if (outcome === 'sent') report.sent++;
        if (outcome === 'unsendable') this.passedOver.add(doc.id);
      } catch (err) {
        if (err instanceof LeaseLostError) throw err;
        report.failures++;
        this.deps.log.warn('gift card e-mail failed; tried again at the next pass', { giftCardId: doc.id, err });
      }
    }
    return report;
  }

  private metadata(giftCardId: string): EventMetadata {
    const id = `gift-card-email-${giftCardId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
