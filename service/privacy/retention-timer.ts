import { ERASED, safetyScope } from '../../contracts/privacy/classes.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { privacyStream } from '../../contracts/privacy/events.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { defineTimer } from '../../platform/processor/timer.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { retentionDecider } from './retention-decider.js';
import { safetyErasureDue, type RetainedBooking } from './retention-rule.js';

const LEASE = 'privacy-retention';
const ACTIVE = new Set(['pending', 'completed']);

/**
 * Erases the safety details of bookings SAFETY_DATA_RETENTION_DAYS after the last session of their
 * children (retention-rule.ts), on the leased timer: one process at a time. For each booking due
 * whose safety key is still live: `SafetyDataErased` is recorded on the subject's stream (once per
 * booking, by the retention decider), then the key of that booking's safety scope is destroyed;
 * a crash between the two is finished by the next pass, which finds the key still live. Names,
 * bookings and money stay. The scrub reactor then rebuilds the read models.
 */
export function retentionTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const pass = new RetentionPass(deps);
  const everyMs = options.everyMs ?? 60 * 60_000;
  return defineTimer<number>({
    name: LEASE,
    everyMs,
    leaseTtlMs: Math.max(10_000, Math.min(everyMs * 3, 10 * 60_000)),
    pass: () => pass.work(),
    idle: () => 0,
  });
}

class RetentionPass {
  constructor(private readonly deps: AppDeps) {}

  /** One pass: answers how many bookings' safety details were erased. */
  async work(): Promise<number> {
    const now = this.deps.clock();
    const days = this.deps.config.SAFETY_DATA_RETENTION_DAYS;
    const families = await this.families();
    let erased = 0;
    for (const [subjectId, bookings] of families) {
      const live = new Set(
        (await this.deps.keys.keysOf(subjectId)).filter((k) => k.destroyedAt === null).map((k) => k.scope),
      );
      for (const booking of bookings) {
        const scope = safetyScope(booking.enrollmentId);
        if (!live.has(scope)) continue;
        const due = safetyErasureDue(booking, bookings, days);
        if (!due || now < due) continue;
        await this.deps.commands.handle(
          retentionDecider,
          privacyStream(subjectId),
          {
            type: 'RecordSafetyErasure',
            erasure: {
              subjectId,
              enrollmentId: booking.enrollmentId,
              lastSessionAt: new Date(due.getTime() - days * 86_400_000).toISOString(),
              retentionDays: days,
              at: now.toISOString(),
            },
          },
          this.metadata(booking.enrollmentId),
        );
        await this.deps.keys.destroy(subjectId, now, scope);
        erased++;
        this.deps.log.info('safety details erased after retention', { subjectId, enrollmentId: booking.enrollmentId });
      }
    }
    return erased;
  }

  /** Every booking still naming its family, by data subject. */
  private async families(): Promise<Map<string, RetainedBooking[]>> {
    const { items } = await this.deps.readStore.find<EnrollmentRowDoc>('enrollments', {});
    const pseudonyms = pseudonymsFor(this.deps.config);
    const families = new Map<string, RetainedBooking[]>();
    for (const { doc } of items) {
      if (doc.email === ERASED) continue;
      const subjectId =
        (await this.deps.encryption?.subjectOfStream(enrollmentStream(doc.id))) ?? pseudonyms.email(doc.email);
      const booking: RetainedBooking = {
        enrollmentId: doc.id,
        lastSessionAt: doc.workshop?.date || null,
        children: doc.participantNames ?? [],
        active: ACTIVE.has(doc.status),
      };
      families.set(subjectId, [...(families.get(subjectId) ?? []), booking]);
    }
    return families;
  }

  private metadata(enrollmentId: string): EventMetadata {
    const id = `retention-${enrollmentId}`.slice(0, 100);
    return { correlationId: id, causationId: id, actor: 'system', at: this.deps.clock().toISOString() };
  }
}
