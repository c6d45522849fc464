import { workshopStream } from '../../../contracts/catalogue/events.js';
import type { Order } from '../../../contracts/enrollment/api.js';
import {
  enrollmentStream,
  type EnrollmentEvent,
  type EnrollmentSubmitted,
} from '../../../contracts/enrollment/events.js';
import { lapsedHoldNotesStream } from '../../../contracts/enrollment/lapsed-hold-notes.js';
import { defineReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { pseudonymsFor } from '../../core/pseudonyms.js';
import { purposeTokensFor } from '../../core/purpose-tokens.js';
import { UnsendableMessageError } from '../../mail/port.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { spotsLeft } from '../../catalogue/workshop-state.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { lapsedHoldEmail } from './lapsed-hold-email.js';
import { lapsedHoldNoteDecider, mayNote } from './lapsed-hold-note-decider.js';

type Expired = Extract<EnrollmentEvent, { type: 'EnrollmentExpired' }>;

/** The refill link's token names the lapsed booking; the stop link's the address's keyed hash. Neither carries personal data. */
export const REFILL_PURPOSE = 'lapsed-hold-refill';
export const STOP_PURPOSE = 'lapsed-hold-stop';

/** The site's address for links in e-mails: PUBLIC_URL, or the local server when it is not set. */
const siteBase = (publicUrl: string | undefined, port: number) =>
  (publicUrl ?? `http://localhost:${port}`).replace(/\/$/, '');

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the parent booked the workshop again after the lapsed booking was made (the orders read model). */
async function bookedSince(deps: Pick<AppDeps, 'readStore'>, lapsed: EnrollmentSubmitted): Promise<boolean> {
  const { items } = await deps.readStore.find<Order>('orders', { where: { workshopId: lapsed.workshopId } });
  return items.some(
    ({ doc }) =>
      doc.enrollmentId !== lapsed.enrollmentId &&
      sameAddress(doc.email, lapsed.form.email) &&
      doc.submittedAt > lapsed.submittedAt,
  );
}

/**
 * The note to a parent whose unpaid hold lapsed (issue 43): sent, then LapsedHoldNoteSent recorded
 * on the address's stream, at most one per address and workshop, none once the address asked for
 * none or booked the workshop again. A delivery of the same lapse after the record (a rewound
 * checkpoint) finds it and sends nothing; one after a crash between the send and the record sends
 * the same message again (its Message-ID is the booking's), as every e-mail reactor does.
 * LAPSED_HOLD_NOTE=off sends none.
 */
export function lapsedHoldNoteReactor(
  deps: Pick<AppDeps, 'commands' | 'readStore' | 'mailer' | 'clock' | 'config' | 'log'>,
) {
  return defineReactor<Expired>({
    name: 'lapsed-hold-note',
    eventTypes: ['EnrollmentExpired'],
    async handle(event, { metadata }) {
      if (deps.config.LAPSED_HOLD_NOTE === 'off') return;
      const { enrollmentId } = event.data;
      const enrollment = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
      const lapsed = enrollment.submission;
      if (!lapsed?.workshopId || lapsed.test || !lapsed.form.email) return;
      const workshopId = lapsed.workshopId;
      const emailKey = pseudonymsFor(deps.config).email(lapsed.form.email);
      const stream = lapsedHoldNotesStream(emailKey);
      const notes = await deps.commands.state(lapsedHoldNoteDecider, stream);
      if (!mayNote(notes, workshopId) || (await bookedSince(deps, lapsed))) return;
      const ledger = await deps.commands.state(workshopDecider, workshopStream(workshopId));
      if (!ledger.workshop) return;
      const base = siteBase(deps.config.PUBLIC_URL, deps.config.PORT);
      const refill = purposeTokensFor(deps.config, REFILL_PURPOSE).token(enrollmentId);
      const stop = purposeTokensFor(deps.config, STOP_PURPOSE).token(emailKey);
      const message = lapsedHoldEmail({
        to: lapsed.form.email,
        firstName: lapsed.form.firstName,
        enrollmentId,
        title: ledger.workshop.title,
        open: spotsLeft(ledger),
        refillUrl: `${base}/enroll/${encodeURIComponent(workshopId)}?refill=${refill}`,
        stopUrl: `${base}/api/hold-notes/stop/${stop}`,
      });
      try {
        await deps.mailer.send(message);
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('lapsed-hold note cannot be sent', { enrollmentId });
        return;
      }
      await deps.commands.handle(
        lapsedHoldNoteDecider,
        stream,
        {
          type: 'RecordLapsedHoldNote',
          workshopId,
          enrollmentId,
          emailMessageId: message.messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
    },
  });
}
