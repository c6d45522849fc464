import type { EventMetadata } from '../../contracts/core/events.js';
import { defineTimer, type TimerContext } from '../../platform/processor/timer.js';
import { DueSends } from '../../platform/processor/due-sends.js';
import { GIFT_CARDS, type GiftCardDoc } from '../../projections/gift-cards/gift-cards.js';
import type { AppDeps } from '../core/deps.js';
import { sendGiftCardEmail } from './gift-card-email.js';
import { schoolDay } from '../core/school-day.js';

const LEASE = 'gift-card-emails';

/**
 * The gift cards whose send date has come, on a clock under its own lease (one sender across API
 * processes): the `gift-cards` read model's paid cards not yet e-mailed with `sendOn` up to today
 * (the school's calendar), each sent by `sendGiftCardEmail`, which reads the card's stream first
 * and records the send there, so a restart or a second process sends nothing twice.
 */
export function giftCardEmailTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const pass = new GiftCardEmailPass(deps);
  const everyMs = options.everyMs ?? 60_000;
  return defineTimer({
    name: LEASE,
    everyMs,
    leaseTtlMs: Math.max(30_000, everyMs * 3),
    pass: (context) => pass.work(context),
    idle: () => ({ sent: 0, failures: 0 }),
  });
}

class GiftCardEmailPass {
  private readonly sends: DueSends;

  constructor(private readonly deps: AppDeps) {
    this.sends = new DueSends(deps.log, 'gift card e-mail');
  }

  async work(context: TimerContext) {
    const today = schoolDay(this.deps.clock());
    const { items } = await this.deps.readStore.find<GiftCardDoc>(GIFT_CARDS, {
      where: { emailDue: true },
      sort: [{ field: 'sendOn', direction: 'asc' }],
      limit: 200,
    });
    const due = items.map(({ doc }) => doc).filter((doc) => doc.sendOn <= today);
    return this.sends.each(
      context,
      due,
      (doc) => doc.id,
      async (doc) => {
        const outcome = await sendGiftCardEmail(this.deps, doc.id, this.metadata(doc.id));
        return outcome === 'sent' ? 'sent' : outcome === 'unsendable' ? 'pass-over' : 'not-due';
      },
    );
  }

  private metadata(giftCardId: string): EventMetadata {
    const id = `gift-card-email-${giftCardId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
