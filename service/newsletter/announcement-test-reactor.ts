import { SCHOOL } from '../../contracts/core/school.js';
import { announcementStream, type AnnouncementEvent } from '../../contracts/newsletter/announcements.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { UnsendableMessageError } from '../mail/port.js';
import { announcementDecider } from './announcement-decider.js';
import { announcementEmail, announcementMessageId } from './announcement-email.js';
import { unsubscribeLinksOf } from './unsubscribe-links.js';

type TestRequested = Extract<AnnouncementEvent, { type: 'AnnouncementTestRequested' }>;

/**
 * The owner's test of an announcement, to herself (OWNER_EMAIL, else the school's own address),
 * rendered as the subscribers will receive it, headers and all. One test, one Message-ID: a
 * redelivery sends the same message again, which the outbox keeps once.
 */
export function announcementTestReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'config' | 'log'>) {
  return defineReactor<TestRequested>({
    name: 'announcement-test-email',
    eventTypes: ['AnnouncementTestRequested'],
    async handle(event) {
      const { announcementId, testId } = event.data;
      const state = await deps.commands.state(announcementDecider, announcementStream(announcementId));
      if (state.phase === 'none') return;
      const to = deps.config.OWNER_EMAIL ?? SCHOOL.email;
      const message = announcementEmail(
        to,
        state.announcement,
        announcementMessageId(announcementId, `test-${testId}`),
        unsubscribeLinksOf(deps.config, pseudonymsFor(deps.config).email(to)),
      );
      try {
        await deps.mailer.send(message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('announcement test cannot be sent', { announcementId });
      }
    },
  });
}
