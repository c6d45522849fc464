import type { EventMetadata } from '../../../contracts/core/events.js';
import { appointmentStream } from '../../../contracts/appointments/booking.js';
import { calendarStream } from '../../../contracts/instructors/calendar.js';
import { APPOINTMENT_HOLDS, type AppointmentHoldDoc } from '../../../projections/appointments/appointment-holds.js';
import { defineTimer } from '../../../platform/processor/timer.js';
import type { AppDeps } from '../../core/deps.js';
import { calendarDecider } from '../../instructors/calendar-decider.js';
import { appointmentDecider } from '../appointment-decider.js';

export interface AppointmentHoldReport {
  /** Lapsed holds recorded this pass. */
  expired: number;
  failures: number;
}

/**
 * Appointment holds not paid in time, on a clock, from the `appointment-holds` read model (by
 * expiry). It records facts only; the appointment checkout gives the time back:
 * - an unpaid appointment's hold lapsed: AppointmentExpired;
 * - a hold whose appointment was never recorded (its request died): its time released on the calendar.
 * A hold whose appointment was paid meanwhile is the checkout's to confirm.
 */
export function appointmentHoldTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const everyMs = options.everyMs ?? 1_000;
  return defineTimer<AppointmentHoldReport>({
    name: 'appointment-hold-timer',
    everyMs,
    leaseTtlMs: Math.max(5_000, everyMs * 5),
    pass: () => pass(deps),
    idle: () => ({ expired: 0, failures: 0 }),
  });
}

async function pass(deps: AppDeps): Promise<AppointmentHoldReport> {
  const report: AppointmentHoldReport = { expired: 0, failures: 0 };
  const now = deps.clock();
  const { items } = await deps.readStore.find<AppointmentHoldDoc>(APPOINTMENT_HOLDS, {
    sort: [{ field: 'expiresAt', direction: 'asc' }],
    limit: 200,
  });
  for (const { doc } of items) {
    if (new Date(doc.expiresAt) > now) break;
    try {
      if (await lapse(deps, doc)) report.expired++;
    } catch (err) {
      // Tried again on the next pass; the others go on.
      report.failures++;
      deps.log.warn('appointment hold timer job failed', { appointmentId: doc.id, err });
    }
  }
  return report;
}

async function lapse(deps: AppDeps, hold: AppointmentHoldDoc): Promise<boolean> {
  const id = `expiry-${hold.id}`.slice(0, 100);
  const at = deps.clock().toISOString();
  const metadata: EventMetadata = { correlationId: id, causationId: id, actor: 'system', at };
  const state = await deps.commands.state(appointmentDecider, appointmentStream(hold.id));
  if (state.phase === 'none') {
    const released = await deps.commands.handle(
      calendarDecider,
      calendarStream(hold.instructorId),
      { type: 'ReleaseSlot', instructorId: hold.instructorId, appointmentId: hold.id, reason: 'refused', at },
      metadata,
    );
    return released.events.length > 0;
  }
  const expired = await deps.commands.handle(
    appointmentDecider,
    appointmentStream(hold.id),
    { type: 'ExpireAppointment', at },
    metadata,
  );
  return expired.events.length > 0;
}
