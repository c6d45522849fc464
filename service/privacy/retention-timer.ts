import { ERASED, safetyScope } from '../../contracts/privacy/classes.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { privacyStream } from '../../contracts/privacy/events.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { Lease } from '../../platform/processor/lease.js';
import { LeasedTimer } from '../../platform/processor/leased-timer.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { retentionDecider } from './retention-decider.js';
import { safetyErasureDue, type RetainedBooking } from './retention-rule.js';

export interface RetentionTimerOptions {
  /** How often to look (ms). Default one hour: the period is counted in days. */
  intervalMs?: number;
  owner?: string;
  takeOverAtStart?: boolean;
}

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
export class RetentionTimer {
  private readonly timer: LeasedTimer<number>;

  constructor(
    private readonly deps: AppDeps,
    options: RetentionTimerOptions = {},
  ) {
    const intervalMs = options.intervalMs ?? 60 * 60_000;
    const lease = new Lease(
      deps.readStore,
      LEASE,
      options.owner ?? `privacy-retention-${process.pid}-${deps.newId()}`,
      {
        ttlMs: Math.max(10_000, Math.min(intervalMs * 3, 10 * 60_000)),
        takeOverAtStart: options.takeOverAtStart,
      },
    );
    this.timer = new LeasedTimer({
      name: 'safety data retention timer',
      intervalMs,
      lease,
      log: deps.log,
      pass: () => this.work(),
      idle: () => 0,
    });
  }

  start(): void {
    this.timer.start();
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** One pass: answers how many bookings' safety details were erased. */
  tick(): Promise<number> {
    return this.timer.tick();
  }

  private async work(): Promise<number> {
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
