import type { Decider } from '../../../platform/command/decider.js';
import type { LessonPackEvent, LessonPackOrdered } from '../../../contracts/appointments/lesson-pack.js';
import { refuse } from '../refusals.js';

const DAY_MS = 86_400_000;

/**
 * One lesson pack's stream, `lesson-pack-<id>`: none; ordered (awaiting its payment); issued (paid:
 * its lessons bookable until `expiresAt`, `drawn` the appointments holding one each).
 */
export type LessonPackState =
  | { phase: 'none' }
  | { phase: 'ordered'; order: LessonPackOrdered }
  | { phase: 'issued'; order: LessonPackOrdered; expiresAt: string; drawn: readonly string[]; emailSent: boolean };

/** The lessons of the pack not booked now. */
export const remainingOf = (state: LessonPackState) =>
  state.phase === 'issued' ? Math.max(0, state.order.count - state.drawn.length) : 0;

export type LessonPackCommand =
  | { type: 'OrderLessonPack'; order: LessonPackOrdered }
  | {
      type: 'RecordLessonPackPayment';
      paymentIntentId: string;
      amountCents: number;
      providerEventId: string | null;
      source: 'webhook' | 'verification';
      at: string;
    }
  | { type: 'RecordLessonPackEmail'; messageId: string; transport: 'smtp' | 'outbox'; at: string }
  | { type: 'DrawLesson'; appointmentId: string; typeId: string; at: string }
  | { type: 'ReturnLesson'; appointmentId: string; reason: 'cancelled' | 'expired' | 'not-booked'; at: string };

type Of<T extends LessonPackCommand['type']> = Extract<LessonPackCommand, { type: T }>;

export function evolveLessonPack(state: LessonPackState, event: LessonPackEvent): LessonPackState {
  if (event.type === 'LessonPackOrdered') return { phase: 'ordered', order: event.data };
  switch (event.type) {
    case 'LessonPackPaid':
      if (state.phase !== 'ordered') return state;
      return { phase: 'issued', order: state.order, expiresAt: event.data.expiresAt, drawn: [], emailSent: false };
    case 'LessonPackEmailSent':
      return state.phase === 'issued' ? { ...state, emailSent: true } : state;
    case 'LessonDrawnFromPack':
      return state.phase === 'issued' ? { ...state, drawn: [...state.drawn, event.data.appointmentId] } : state;
    case 'LessonReturnedToPack':
      if (state.phase !== 'issued') return state;
      return { ...state, drawn: state.drawn.filter((id) => id !== event.data.appointmentId) };
  }
}

function order(c: Of<'OrderLessonPack'>, state: LessonPackState): LessonPackEvent[] {
  if (state.phase !== 'none') throw refuse({ code: 'lesson_pack_ordered_already' });
  return [{ type: 'LessonPackOrdered', data: c.order }];
}

/** Paid once, by its own intent (whoever reports it first); its validity counted from the payment. */
function recordPayment(c: Of<'RecordLessonPackPayment'>, state: LessonPackState): LessonPackEvent[] {
  if (state.phase === 'none') throw refuse({ code: 'lesson_pack_unknown' });
  if (state.phase !== 'ordered' || state.order.paymentIntentId !== c.paymentIntentId) return [];
  const { paymentIntentId, amountCents, providerEventId, source, at } = c;
  const expiresAt = new Date(Date.parse(at) + state.order.validDays * DAY_MS).toISOString();
  return [
    {
      type: 'LessonPackPaid',
      data: {
        lessonPackId: state.order.lessonPackId,
        paymentIntentId,
        amountCents,
        providerEventId,
        source,
        paidAt: at,
        expiresAt,
      },
    },
  ];
}

function recordEmail(c: Of<'RecordLessonPackEmail'>, state: LessonPackState): LessonPackEvent[] {
  if (state.phase !== 'issued' || state.emailSent) return [];
  const { messageId, transport, at } = c;
  return [
    { type: 'LessonPackEmailSent', data: { lessonPackId: state.order.lessonPackId, messageId, transport, sentAt: at } },
  ];
}

/** One lesson for a booking of the pack's own type, while it is valid and has one left; the same booking again takes nothing more. */
function draw(c: Of<'DrawLesson'>, state: LessonPackState): LessonPackEvent[] {
  if (state.phase !== 'issued') throw refuse({ code: 'lesson_pack_unknown' });
  if (state.drawn.includes(c.appointmentId)) return [];
  if (state.order.typeId !== c.typeId) throw refuse({ code: 'lesson_pack_other_type' });
  if (Date.parse(c.at) >= Date.parse(state.expiresAt))
    throw refuse({ code: 'lesson_pack_expired', expiresAt: state.expiresAt });
  if (remainingOf(state) === 0) throw refuse({ code: 'lesson_pack_used_up', count: state.order.count });
  const data = { lessonPackId: state.order.lessonPackId, appointmentId: c.appointmentId, drawnAt: c.at };
  return [{ type: 'LessonDrawnFromPack', data }];
}

/** The lesson back, once: only an appointment holding one gives it back. */
function giveBack(c: Of<'ReturnLesson'>, state: LessonPackState): LessonPackEvent[] {
  if (state.phase !== 'issued' || !state.drawn.includes(c.appointmentId)) return [];
  const { appointmentId, reason, at } = c;
  return [
    {
      type: 'LessonReturnedToPack',
      data: { lessonPackId: state.order.lessonPackId, appointmentId, reason, returnedAt: at },
    },
  ];
}

const DECISIONS: { [T in LessonPackCommand['type']]: (c: Of<T>, s: LessonPackState) => LessonPackEvent[] } = {
  OrderLessonPack: order,
  RecordLessonPackPayment: recordPayment,
  RecordLessonPackEmail: recordEmail,
  DrawLesson: draw,
  ReturnLesson: giveBack,
};

/**
 * A lesson pack (issue 38 item 7), decided on its own stream with its expected revision: never
 * more lessons drawn than bought, whatever the concurrency, and each lesson given back once.
 */
export const lessonPackDecider: Decider<LessonPackCommand, LessonPackEvent, LessonPackState> = {
  initialState: { phase: 'none' },
  evolve: evolveLessonPack,
  decide: <T extends LessonPackCommand['type']>(command: Of<T>, state: LessonPackState) =>
    (DECISIONS[command.type] as (c: Of<T>, s: LessonPackState) => LessonPackEvent[])(command, state),
};
