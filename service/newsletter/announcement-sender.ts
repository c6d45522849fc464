import { announcementStream } from '../../contracts/newsletter/announcements.js';
import { newsletterSubscriberStream } from '../../contracts/newsletter/events.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { defineTimer } from '../../platform/processor/timer.js';
import { NEWSLETTER_SUBSCRIBERS, type NewsletterSubscriberDoc } from '../../projections/newsletter/subscribers.js';
import { ANNOUNCEMENTS, type AnnouncementDoc } from '../../projections/newsletter/announcements.js';
import type { AppDeps } from '../core/deps.js';
import { UnsendableMessageError } from '../mail/port.js';
import { announcementDecider } from './announcement-decider.js';
import { audienceKeys } from './audience.js';
import { announcementEmail, announcementMessageId } from './announcement-email.js';
import { isSubscribed, subscriberDecider } from './subscriber-decider.js';
import { unsubscribeLinksOf } from './unsubscribe-links.js';

export interface SendReport {
  sent: number;
  skipped: number;
}

/**
 * The announcements being sent, delivered at their pace: each pass (every `everyMs`) sends at most
 * perMinute x everyMs / 60 000 messages (one at least), to subscribers not reached yet, in the
 * order of their keyed hashes. Each is sent, then recorded (AnnouncementDelivered, once per
 * address): a pass killed midway is taken up by the next from what was recorded, and one killed
 * between a send and its record sends that one message again, the same Message-ID (the outbox
 * keeps one file). One runner at a time by the timer's lease.
 */
export function announcementTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const everyMs = options.everyMs ?? 1_000;
  return defineTimer<SendReport>({
    name: 'announcement-sends',
    everyMs,
    pass: () => sendDue(deps, everyMs),
    idle: () => ({ sent: 0, skipped: 0 }),
  });
}

async function sendDue(deps: AppDeps, everyMs: number): Promise<SendReport> {
  const report: SendReport = { sent: 0, skipped: 0 };
  const { items } = await deps.readStore.find<AnnouncementDoc>(ANNOUNCEMENTS, {
    where: { status: 'sending' },
    sort: [{ field: 'id', direction: 'asc' }],
    limit: 20,
  });
  for (const { id } of items) {
    const stream = announcementStream(id);
    const metadata: EventMetadata = {
      correlationId: `announcement-${id}`.slice(0, 100),
      causationId: `announcement-${id}`.slice(0, 100),
      actor: 'system',
      at: deps.clock().toISOString(),
    };
    const state = await deps.commands.state(announcementDecider, stream);
    if (state.phase !== 'sending') continue;
    let budget = Math.max(1, Math.floor((state.perMinute * everyMs) / 60_000));
    const { items: subscribers } = await deps.readStore.find<NewsletterSubscriberDoc>(NEWSLETTER_SUBSCRIBERS, {
      where: { status: 'subscribed' },
      sort: [{ field: 'id', direction: 'asc' }],
    });
    const audience = state.announcement.audience ? await audienceKeys(deps, state.announcement.audience) : null;
    const due = subscribers
      .map((s) => s.id)
      .filter((key) => !state.reached.has(key) && (!audience || audience.has(key)));
    const record = (subscriberKey: string, outcome: 'sent' | 'skipped') =>
      deps.commands.handle(
        announcementDecider,
        stream,
        { type: 'RecordDelivery', announcementId: id, subscriberKey, outcome, at: deps.clock().toISOString() },
        metadata,
      );
    for (const key of due) {
      if (budget <= 0) return report;
      const subscriber = await deps.commands.state(subscriberDecider, newsletterSubscriberStream(key));
      if (!isSubscribed(subscriber)) {
        await record(key, 'skipped');
        report.skipped++;
        continue;
      }
      const message = announcementEmail(
        subscriber.email,
        state.announcement,
        announcementMessageId(id, key),
        unsubscribeLinksOf(deps.config, key),
      );
      budget--;
      try {
        await deps.mailer.send(message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        await record(key, 'skipped');
        report.skipped++;
        continue;
      }
      await record(key, 'sent');
      report.sent++;
    }
    await deps.commands.handle(
      announcementDecider,
      stream,
      { type: 'CompleteSend', announcementId: id, at: deps.clock().toISOString() },
      metadata,
    );
  }
  return report;
}
