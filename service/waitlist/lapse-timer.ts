import type { EventMetadata } from '../../contracts/core/events.js';
import { waitlistStream } from '../../contracts/waitlist/events.js';
import type { WaitlistDoc } from '../../projections/waitlist/waitlists.js';
import { defineTimer } from '../../platform/processor/timer.js';
import type { AppDeps } from '../core/deps.js';
import { waitlistDecider } from './waitlist-decider.js';

const LEASE = 'waitlist-lapses';
/** Entries looked at per pass; the rest wait for the next one. */
const BATCH = 200;

/**
 * Waitlist entries whose e-mail was not confirmed in time lapse: recorded as WaitlistEntryLapsed on
 * their waitlist's stream (LapseEntry decides it again, on the stream, so a late confirmation and
 * a lapse never both count). It works from the `waitlists` read model (unconfirmed entries by their
 * time), so a restart picks up where it left off, under a lease so one process works at a time.
 * An unconfirmed entry never gets an offer whether it has lapsed yet or not; the lapse takes it
 * off the list and frees its place in its address's allowance for everyone to see.
 */
export function waitlistLapseTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const everyMs = options.everyMs ?? 60_000;
  return defineTimer<number>({
    name: LEASE,
    everyMs,
    pass: () => lapseEntries(deps),
    idle: () => 0,
  });
}

/** One pass: answers how many entries lapsed. */
async function lapseEntries(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const { items } = await deps.readStore.find<WaitlistDoc>('waitlists', {
    where: { status: 'unconfirmed' },
    sort: [{ field: 'confirmBy', direction: 'asc' }],
    limit: BATCH,
  });
  let lapsed = 0;
  for (const { doc } of items) {
    if (!doc.confirmBy || new Date(doc.confirmBy) > now) break;
    const lapse = await deps.commands.handle(
      waitlistDecider,
      waitlistStream(doc.workshopId),
      { type: 'LapseEntry', entryId: doc.id, at: now.toISOString() },
      metadata(deps, doc.id),
    );
    if (lapse.events.length > 0) {
      lapsed++;
      deps.log.info('waitlist entry lapsed', { workshopId: doc.workshopId, entryId: doc.id });
    }
  }
  return lapsed;
}

function metadata(deps: AppDeps, entryId: string): EventMetadata {
  const id = `lapse-${entryId}`.slice(0, 100);
  return { correlationId: id, causationId: id, actor: 'system', at: deps.clock().toISOString() };
}
