import { SCHOOL } from '../../contracts/core/school.js';
import type { CatalogueRefusal } from '../../contracts/catalogue/refusals.js';
import { salesClosedSentence } from '../../contracts/catalogue/sales-window.js';
import { sessionInWords } from '../../contracts/catalogue/session-words.js';
import { Refused } from '../core/errors.js';
import { refusalSentence, type RefusalAnswers } from '../core/refusal-answers.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const freeSeats = (n: number) => `${n} free ${n === 1 ? 'seat' : 'seats'}`;
const contact = `${SCHOOL.email} or ${SCHOOL.phone}`;
/** The family's allowance cannot grow by waiting; an hour is a fair moment to look again (a seat given back counts no more). */
const FREE_SEATS_RETRY_SECONDS = 3600;

/** How the API words the catalogue's refusals (contracts/catalogue/refusals.ts): its part of the one table. */
export const CATALOGUE_REFUSAL_ANSWERS: RefusalAnswers<CatalogueRefusal> = {
  workshop_exists: { words: (r) => `A workshop with id ${r.workshopId} already exists.` },
  workshop_not_found: { words: () => 'We could not find that workshop. It may have been removed.' },
  sessions_in_use: {
    words: (r) =>
      `Session ${r.sessions} has absences or make-ups recorded, so the course must keep at least ${r.sessions} sessions.`,
  },
  capacity_below_taken: {
    words: (r) =>
      `Capacity cannot be lower than the ${plural(r.taken, 'seat')} already taken. Set it to ${r.taken} or more.`,
  },
  workshop_has_bookings: {
    words: (r) =>
      `This workshop has ${r.active} active ${r.active === 1 ? 'enrollment' : 'enrollments'} and cannot be deleted. Cancel them first or keep the workshop.`,
  },
  program_exists: { words: (r) => `A program with id ${r.programId} already exists.` },
  program_not_found: { words: () => 'We could not find that program. It may have been removed.' },

  sales_closed: { words: salesClosedSentence },
  seats_short: {
    words: (r) =>
      r.left === 0
        ? 'Sorry, this workshop is full. Please choose another date or contact us to join the waiting list.'
        : `Sorry, only ${r.left} ${r.left === 1 ? 'spot is' : 'spots are'} left in this workshop and you asked for ${r.wanted}. Please reduce the number of participants.`,
  },
  free_seats_capped: {
    words: ({ title, taken, max }) =>
      taken >= max
        ? `You have already reserved ${freeSeats(taken)} for ${title}, the most one family can reserve for this event. If you need more places, please contact us at ${contact}.`
        : taken === 0
          ? `Each family may reserve at most ${freeSeats(max)} for ${title}. Please lower the number of participants, or contact us at ${contact} if you need more places.`
          : `You can reserve ${max - taken} more ${max - taken === 1 ? 'free seat' : 'free seats'} for ${title}: each family may reserve at most ${max}. Please lower the number of participants, or contact us at ${contact} if you need more places.`,
    retryAfterSeconds: () => FREE_SEATS_RETRY_SECONDS,
  },
  transfer_target_closed: {
    words: (r) =>
      r.begun
        ? `${r.title} has already begun, so no one can be moved into it. Please pick a later date.`
        : `Enrollment for ${r.title} is closed, so no one can be moved into it. Please pick another date.`,
  },
  transfer_seats_short: {
    words: (r) =>
      `${r.title} has ${r.left === 0 ? 'no seats' : `only ${plural(r.left, 'seat')}`} left and this enrollment needs ${r.seats}.`,
  },

  no_such_session: {
    field: 'session',
    words: (r) => `session: ${r.title} has ${plural(r.count, 'session')} (1 to ${r.count}).`,
    fieldWords: (r) => `${r.title} has ${plural(r.count, 'session')} (1 to ${r.count}).`,
  },
  absence_not_booked: {
    words: () => 'Only a confirmed booking can report an absence. Please contact us if this is wrong.',
  },
  absence_no_such_participant: {
    field: 'participant',
    words: (r) => `participant: this booking has ${plural(r.seats, 'participant')} (0 to ${r.seats - 1}).`,
    fieldWords: (r) => `this booking has ${plural(r.seats, 'participant')} (0 to ${r.seats - 1}).`,
  },
  absence_session_begun: {
    words: (r) =>
      `${sessionInWords(r.sessions, r.session)} has already begun, so an absence can no longer be reported for it. Please contact us.`,
  },
  makeup_session_begun: {
    words: (r) =>
      `${sessionInWords(r.sessions, r.session)} of ${r.title} has already begun. Please choose a session that has not started.`,
  },
  makeup_session_full: {
    words: (r) => `${sessionInWords(r.sessions, r.session)} of ${r.title} is full. Please choose another session.`,
  },
  makeup_already_expected: {
    words: (r) => {
      const named = `${sessionInWords(r.sessions, r.session)} of ${r.title}`;
      const why = {
        missed: `will miss ${named}, as you told us, so a make-up cannot go there. Please choose another session.`,
        booked: `is already booked into ${named}, so it needs no make-up. Please choose another session.`,
        makeup: `already has a make-up in ${named}. Please choose another session.`,
      }[r.why];
      return `${r.who ?? 'This child'} ${why}`;
    },
  },
};

/**
 * Why the workshop refused, in words, for a caller that records it (a transfer abandoned, a
 * make-up cancelled): the catalogue's words for its refusals, the message of any other error.
 */
export const workshopRefusalWords = (err: Error): string =>
  err instanceof Refused ? refusalSentence(CATALOGUE_REFUSAL_ANSWERS, err.refusal) : err.message;
