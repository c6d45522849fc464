import type { EventMetadata } from '../../../contracts/core/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import type { EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import type { WorkshopData } from '../../../contracts/catalogue/workshop.js';
import type { AppDeps } from '../../core/deps.js';
import { notFound } from '../../core/errors.js';
import { workshopDecider, type WorkshopCommand, type WorkshopState } from '../../catalogue/workshop-decider.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';

/** The steps of an enroll request around its decisions (enroll-workshop.ts): a first look, a lost answer, a replaced hold. */

export const WORKSHOP_NOT_FOUND =
  'Workshop Not Found: it may have been removed. Please pick another from the schedule.';

type Reserve = Extract<WorkshopCommand, { type: 'ReserveSeats' }>;

/**
 * The parent's earlier, unpaid enrollment whose hold the new one replaced: it ends visibly
 * (EnrollmentCancelled, replaced), and the checkout workflow gives back its allowance and parts.
 * When that cannot be done now (it was paid meanwhile, or its own request has not recorded it
 * yet), null: a late payment follows the usual path (seats taken again if free, else refunded) and
 * the hold timer expires it at its hold's time.
 */
export async function endReplaced(
  deps: AppDeps,
  replaced: string,
  by: string,
  metadata: EventMetadata,
): Promise<{ position: bigint | null } | null> {
  try {
    const at = deps.clock().toISOString();
    const ended = await deps.commands.handle(
      enrollmentDecider,
      enrollmentStream(replaced),
      { type: 'CancelEnrollment', reason: 'replaced-by-new-submission', replacedBy: by, at },
      metadata,
    );
    return ended.state.status === 'cancelled' ? { position: ended.position } : null;
  } catch (err) {
    deps.log.info('replaced enrollment left to the hold timer', {
      enrollmentId: replaced,
      replacedBy: by,
      err: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}

/**
 * The form, the price and the seats checked against the workshop as this process knows it, so that
 * a bad form or a full workshop costs no append (not even the client's allowance). A refusal must
 * not rest on a stale view (a price the administrator just changed through another process): it
 * is checked again on state at most 1 s old, as the seat decisions do. The seat decision checks
 * everything again against the revision it writes on.
 */
export async function checkFirst(
  deps: AppDeps,
  seatsStream: string,
  plan: (w: WorkshopData) => EnrollmentSubmitted,
  reserve: (s: EnrollmentSubmitted) => Reserve,
) {
  const attempt = (state: WorkshopState) => {
    if (state.status !== 'scheduled' || !state.workshop) throw notFound(WORKSHOP_NOT_FOUND);
    const submission = plan(state.workshop);
    const command = reserve(submission);
    const reserved = workshopDecider.decide(command, state).find((e) => e.type === 'SeatsReserved');
    const expiresAt = reserved?.type === 'SeatsReserved' ? reserved.data.expiresAt : command.expiresAt;
    return { submission, command, workshop: state.workshop, expiresAt };
  };
  try {
    return attempt(await deps.commands.state(workshopDecider, seatsStream, Infinity));
  } catch {
    return attempt(await deps.commands.state(workshopDecider, seatsStream, 1_000));
  }
}

/**
 * Runs a write; when it fails, looks at the stream: if the event it was to append is there, the
 * append committed and only its answer was lost, so the write counts as done.
 */
export async function recorded(
  deps: AppDeps,
  stream: string,
  type: string,
  write: () => Promise<{ position: bigint | null }>,
): Promise<{ position: bigint | null; error?: unknown }> {
  try {
    return { position: (await write()).position };
  } catch (error) {
    const events = await deps.eventStore.readStream(stream).catch(() => null);
    const found = events?.find((e) => e.type === type);
    if (found) return { position: found.position };
    // Unreadable, the stream may hold it: no refusal is recorded, the hold's lapse settles it.
    if (events === null) throw error;
    return { position: null, error };
  }
}
