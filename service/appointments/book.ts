import type { Context } from 'hono';
import type { AppointmentType, SlotView } from '../../contracts/appointments/appointment-type.js';
import {
  APPOINTMENT_PAYMENT_KIND,
  appointmentStream,
  type AppointmentBookedAnswer,
  type AppointmentBookingInput,
  type AppointmentPricing,
} from '../../contracts/appointments/booking.js';
import { calendarStream } from '../../contracts/instructors/calendar.js';
import { addSchoolDays, schoolDateOf, schoolInstant } from '../../contracts/instructors/school-clock.js';
import type { AppDeps } from '../core/deps.js';
import { AppError, Refused, validationError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { calendarDecider } from '../instructors/calendar-decider.js';
import { META } from '../payments/port.js';
import { appointmentDecider } from './appointment-decider.js';
import { refuse } from './refusals.js';
import { drawLesson, returnLesson } from './packs/draw.js';
import { instructorsOf, slotsOf } from './slots.js';

export const SLOT_TAKEN = 'That time was just taken; here are the nearest free times.';

/** What the appointment costs: a party's guests on top of its price; a deposit due now, the rest later. */
export function pricingOf(type: AppointmentType, guests: number | undefined): AppointmentPricing {
  const lines = [{ label: type.title, amountCents: type.priceCents }];
  if (type.guests && guests)
    lines.push({ label: `${guests} guests`, amountCents: guests * type.guests.priceCentsPerGuest });
  const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const dueNowCents = type.depositCents !== undefined ? Math.min(type.depositCents, totalCents) : totalCents;
  return { lines, totalCents, dueNowCents, dueLaterCents: totalCents - dueNowCents };
}

/** A lesson a pack pays for: its price, and the pack's lesson taking all of it. */
function packPricingOf(type: AppointmentType): AppointmentPricing {
  const lines = [
    { label: type.title, amountCents: type.priceCents },
    { label: 'Lesson pack', amountCents: -type.priceCents },
  ];
  return { lines, totalCents: 0, dueNowCents: 0, dueLaterCents: 0 };
}

/** The request's fields the type decides: a party's number of guests; what is not built yet, refused by name. */
function checkFields(type: AppointmentType, input: AppointmentBookingInput): void {
  const issue = (path: string, message: string) => {
    throw validationError(`${path}: ${message}`, [{ path, message }]);
  };
  if (input.childId !== undefined) issue('childId', 'Type who the lesson is for: saved children cannot be chosen yet.');
  if (type.guests) {
    const { min, max } = type.guests;
    if (input.guests === undefined) issue('guests', `Say how many guests will come (${min} to ${max}).`);
    else if (input.guests < min || input.guests > max) issue('guests', `must be from ${min} to ${max}.`);
  } else if (input.guests !== undefined) issue('guests', 'Only a party has guests.');
}

/** The free slots nearest the time asked for (the 409's suggestions). */
export async function nearest(deps: AppDeps, type: AppointmentType, startsAt: string, instructorId?: string) {
  const day = schoolDateOf(Date.parse(startsAt));
  const instructors = await instructorsOf(deps, type, instructorId);
  const slots = await slotsOf(deps, type, instructors, { from: addSchoolDays(day, -7), to: addSchoolDays(day, 7) });
  const at = Date.parse(startsAt);
  return slots
    .sort((a, b) => Math.abs(Date.parse(a.startsAt) - at) - Math.abs(Date.parse(b.startsAt) - at))
    .slice(0, 5);
}

export const taken = (err: unknown) =>
  err instanceof Refused && ['instructor_time_taken', 'instructor_day_full'].includes(err.refusal.code);

/**
 * POST /api/appointment-types/:id/bookings. The time must be one of the type's slots by the hours,
 * notice and horizon; then it is held on the chosen instructor's calendar stream (for "any", each
 * offering instructor in turn), where the expected revision lets one parent only have it; then the
 * request is recorded on `appointment-<id>` with the family's details. Nothing due: booked at once.
 */
export async function bookAppointment(
  c: Context,
  deps: AppDeps,
  type: AppointmentType,
  input: AppointmentBookingInput,
): Promise<AppointmentBookedAnswer> {
  checkFields(type, input);
  const instructors = await instructorsOf(deps, type, input.instructorId);
  const day = schoolDateOf(Date.parse(input.startsAt));
  const offered = await slotsOf(deps, type, instructors, { from: day, to: day }, { ignoreBusy: true });
  const at = Date.parse(input.startsAt);
  const fits = offered.filter((s) => Date.parse(s.startsAt) === at);
  if (fits.length === 0) throw refuse({ code: 'slot_not_offered' });

  const now = deps.clock();
  const pricing = input.packCode !== undefined ? packPricingOf(type) : pricingOf(type, input.guests);
  const holdExpiresAt =
    pricing.dueNowCents > 0 ? schoolInstant(now.getTime() + deps.config.HOLD_MINUTES * 60_000) : null;
  const appointmentId = deps.newId();
  const metadata = requestMetadata(c, deps, 'visitor');
  const nowAt = now.toISOString();
  // The pack's lesson first: its stream decides who of many bookings gets the last one.
  const lessonPackId =
    input.packCode !== undefined
      ? await drawLesson(deps, { packCode: input.packCode, typeId: type.id, appointmentId, at: nowAt }, metadata)
      : undefined;
  // Its time not held after all, the lesson goes back to the pack.
  const giveBack = async () => {
    if (lessonPackId)
      await returnLesson(deps, { lessonPackId, appointmentId, reason: 'not-booked', at: nowAt }, metadata);
  };
  const held = await holdFirstFree(deps, type, fits, { appointmentId, holdExpiresAt, at: nowAt, metadata }).catch(
    async (err: unknown) => {
      await giveBack();
      throw err;
    },
  );
  if (!held) {
    await giveBack();
    throw new AppError('conflict', SLOT_TAKEN, {
      body: { nearest: await nearest(deps, type, input.startsAt, input.instructorId) },
    });
  }
  // The card payment of what is due now, one per appointment (its id the key; ids only in its metadata).
  const intent =
    pricing.dueNowCents > 0
      ? await deps.payments.createPaymentIntent({
          amountCents: pricing.dueNowCents,
          idempotencyKey: `appointment-${appointmentId}`,
          description: type.title,
          metadata: { [META.kind]: APPOINTMENT_PAYMENT_KIND, [META.appointmentId]: appointmentId, typeId: type.id },
          receiptEmail: input.email,
        })
      : null;
  const { participantAge, guests, notes } = input;
  await deps.commands.handle(
    appointmentDecider,
    appointmentStream(appointmentId),
    {
      type: 'RecordAppointmentRequest',
      request: {
        appointmentId,
        typeId: type.id,
        kind: type.kind,
        ...(type.programId ? { programId: type.programId } : {}),
        instructorId: held.instructorId,
        startsAt: held.startsAt,
        endsAt: held.endsAt,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        participantName: input.participantName,
        ...(participantAge !== undefined ? { participantAge } : {}),
        ...(guests !== undefined ? { guests } : {}),
        ...(notes ? { notes } : {}),
        amountCents: pricing.totalCents,
        dueNowCents: pricing.dueNowCents,
        holdExpiresAt,
        ...(intent ? { paymentIntentId: intent.id } : {}),
        ...(lessonPackId ? { lessonPackId } : {}),
        requestedAt: now.toISOString(),
      },
      confirmed: intent === null,
    },
    metadata,
  );
  return {
    appointmentId,
    holdExpiresAt,
    amountCents: pricing.totalCents,
    pricing,
    ...(intent ? { clientSecret: intent.clientSecret } : {}),
  };
}

/** Holds the first of the instructors' slots still free; null when every one was taken meanwhile. */
async function holdFirstFree(
  deps: AppDeps,
  type: AppointmentType,
  fits: readonly SlotView[],
  o: { appointmentId: string; holdExpiresAt: string | null; at: string; metadata: ReturnType<typeof requestMetadata> },
): Promise<SlotView | null> {
  for (const slot of fits) {
    const stream = calendarStream(slot.instructorId);
    const base = { instructorId: slot.instructorId, appointmentId: o.appointmentId, at: o.at };
    try {
      await deps.commands.handle(
        calendarDecider,
        stream,
        {
          ...base,
          type: 'HoldSlot',
          typeId: type.id,
          kind: type.kind,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          bufferMinutes: type.bufferMinutes,
          maxPerDay: type.maxPerDay ?? null,
          expiresAt: o.holdExpiresAt,
        },
        o.metadata,
      );
      // Nothing due by card: the time is the family's at once.
      if (o.holdExpiresAt === null)
        await deps.commands.handle(calendarDecider, stream, { ...base, type: 'ConfirmSlot' }, o.metadata);
      return slot;
    } catch (err) {
      if (!taken(err)) throw err;
    }
  }
  return null;
}
