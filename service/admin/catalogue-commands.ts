import type {
  AdminProgramInput,
  AdminProgramRequest,
  AdminWorkshopInput,
} from '../../contracts/admin/catalogue-forms.js';
import type { ProgramData } from '../../contracts/catalogue/program.js';
import type { ProgramEvent, WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import { SCHOOL } from '../../contracts/core/school.js';
import type { Decider } from '../../platform/command/decider.js';
import { validationError } from '../core/errors.js';
import { refuse } from '../catalogue/refusals.js';
import { programDecider, type ProgramState } from '../catalogue/program-decider.js';
import { workshopDecider, type WorkshopState } from '../catalogue/workshop-decider.js';
import { toSchoolInstant } from './school-time.js';
import { recordFields, type RecordFields } from './workshop-record-fields.js';
import { zonedRangeText } from '../../contracts/catalogue/workshop-time.js';
import { zonedWallTime } from '../../contracts/locations/zone-clock.js';
import { SCHOOL_TIME_ZONE } from '../../contracts/locations/location.js';
import { oneSessionOf, sameDayAt, sessionIssues, type Session } from '../../contracts/catalogue/sessions.js';

/** The admin form holds only some fields of a program; the rest start empty, its ratings with no reviews. */
export function newProgram(id: string, slug: string, form: AdminProgramRequest): ProgramData {
  return { id, slug, features: [], ...programFormFields(form), ...baselineFields(form, {}) };
}

/**
 * The owner's imported baseline as the form leaves it: kept when absent, cleared by null, set
 * with its source otherwise. Typed figures of a program written before issue 40 go with any change
 * of it: the baseline is then the owner's, with its source.
 */
function baselineFields(
  form: Pick<AdminProgramRequest, 'importedRatings'>,
  current: Pick<ProgramData, 'rating' | 'reviews' | 'importedRatings'>,
): Pick<ProgramData, 'rating' | 'reviews' | 'importedRatings'> {
  if (form.importedRatings === undefined)
    return Object.fromEntries(Object.entries(current).filter(([, v]) => v !== undefined));
  return form.importedRatings ? { importedRatings: form.importedRatings } : {};
}

/**
 * Where the form puts the workshop (issue 41): the address text of the location it names without
 * a text of its own, and the zone its times are read and shown on (its location's).
 */
export interface Place {
  placeText?: string | undefined;
  timeZone?: string | undefined;
}

/** A new workshop: what the form leaves out starts as the school's own (the owner teaches, no duration given). */
export function newWorkshop(id: string, form: AdminWorkshopInput, place: Place = {}): WorkshopData {
  return { id, ...workshopFormFields(form, { instructor: SCHOOL.owner, duration: '' }, place) };
}

/**
 * The place as stored (issue 41): '' clears, absent keeps; a room goes with its location when that
 * changes; the text is the form's, else the address of the location it names, else what it was.
 */
function placeFields(
  form: Pick<AdminWorkshopInput, 'location' | 'locationId' | 'roomId' | 'venue'>,
  current: Partial<WorkshopData>,
  placeText: string | undefined,
): Pick<WorkshopData, 'location' | 'locationId' | 'roomId' | 'venue'> {
  const keep = (value: string | undefined, was: string | undefined) => (value === undefined ? was : value || undefined);
  const locationId = keep(form.locationId, current.locationId);
  const movedOut = form.locationId !== undefined && locationId !== current.locationId;
  const roomId = keep(form.roomId, movedOut ? undefined : current.roomId);
  const venue = keep(form.venue, current.venue);
  return {
    location: form.location || placeText || current.location || '',
    ...(locationId ? { locationId } : {}),
    ...(locationId && roomId ? { roomId } : {}),
    ...(venue ? { venue } : {}),
  };
}

const programFormFields = ({ title, description, category, price, image }: AdminProgramInput) => ({
  title,
  description,
  category,
  price,
  image: image || undefined,
});

/**
 * The form's fields as stored. The closing time, the group prices and the rest of the record
 * (instructor, duration, age range, attire, long description, additional information, note) are
 * replaced only when the form sends them ('' and [] clear them), so the specification's client,
 * which knows none of them, keeps what the workshop has.
 */
const workshopFormFields = (
  {
    title,
    description,
    category,
    date,
    endTime,
    time,
    sessions: formSessions,
    programId,
    lateJoinUntilSession,
    location,
    locationId,
    roomId,
    venue,
    price,
    capacity,
    enrollmentClosesAt,
    priceTiers,
    maxFreeSeatsPerClient,
    depositCents,
    balanceDueDaysBefore,
    paymentPlan,
    invoiceCheckout,
    ...rest
  }: AdminWorkshopInput,
  current: RecordFields & Partial<WorkshopData>,
  { placeText, timeZone: zone }: Place = {},
): Omit<WorkshopData, 'id'> => {
  const timeZone = zone && zone !== SCHOOL_TIME_ZONE ? zone : undefined;
  const sessions = sessionsOf({ date, endTime, time, sessions: formSessions }, current, timeZone);
  const start = sessions[0]!.startsAt;
  // The schedule's text follows from the (first) start and end, on the location's clock; the
  // specification's client sends it as text.
  const shownTime =
    formSessions || endTime ? zonedRangeText(start, sessions[0]!.endsAt, timeZone) : (time ?? current?.time ?? '');
  const program = programId === undefined ? current?.programId : programId || undefined;
  const late = lateJoinUntilSession === undefined ? current?.lateJoinUntilSession : (lateJoinUntilSession ?? undefined);
  if (late !== undefined && late > sessions.length) {
    const message = `Late joining is until a session the course has (it has ${sessions.length}).`;
    throw validationError(`lateJoinUntilSession: ${message}`, [{ path: 'lateJoinUntilSession', message }]);
  }
  const closes =
    enrollmentClosesAt === undefined
      ? current?.enrollmentClosesAt
      : enrollmentClosesAt === ''
        ? undefined
        : toSchoolInstant(enrollmentClosesAt, 'enrollmentClosesAt', timeZone);
  if (closes !== undefined && Date.parse(closes) > Date.parse(start)) {
    const message = 'Enrollment closes must be before the workshop starts (leave it empty to close at the start).';
    throw validationError(`enrollmentClosesAt: ${message}`, [{ path: 'enrollmentClosesAt', message }]);
  }
  const tiers = priceTiers === undefined ? current?.priceTiers : priceTiers;
  const freeSeats = maxFreeSeatsPerClient === undefined ? current?.maxFreeSeatsPerClient : maxFreeSeatsPerClient;
  const deposit = depositCents === undefined ? current?.depositCents : depositCents;
  const dueDays = balanceDueDaysBefore === undefined ? current?.balanceDueDaysBefore : balanceDueDaysBefore;
  const plan = paymentPlan === undefined ? current?.paymentPlan : (paymentPlan ?? undefined);
  const byInvoice = invoiceCheckout === undefined ? current?.invoiceCheckout : (invoiceCheckout ?? undefined);
  if (plan && deposit) {
    const message = 'A workshop takes a deposit or an instalment plan, not both (leave the deposit empty).';
    throw validationError(`paymentPlan: ${message}`, [{ path: 'paymentPlan', message }]);
  }
  return {
    ...recordFields(rest, current),
    title,
    description,
    category,
    date: start,
    time: shownTime,
    ...placeFields({ location, locationId, roomId, venue }, current, placeText),
    ...(timeZone ? { timeZone } : {}),
    price,
    capacity,
    sessions,
    ...(program ? { programId: program } : {}),
    ...(late !== undefined ? { lateJoinUntilSession: late } : {}),
    ...(closes !== undefined ? { enrollmentClosesAt: closes } : {}),
    ...(tiers && tiers.length > 0 ? { priceTiers: [...tiers].sort((a, b) => a.participants - b.participants) } : {}),
    ...(freeSeats != null ? { maxFreeSeatsPerClient: freeSeats } : {}),
    ...(deposit ? { depositCents: deposit } : {}),
    ...(deposit && dueDays != null ? { balanceDueDaysBefore: dueDays } : {}),
    ...(plan ? { paymentPlan: plan } : {}),
    ...(byInvoice ? { invoiceCheckout: byInvoice } : {}),
  };
};

const refuseSessions = (issues: { path: (string | number)[]; message: string }[]) => {
  const [first] = issues;
  throw validationError(
    `${first!.path.join('.')}: ${first!.message}`,
    issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
};

/**
 * The sessions as stored: the form's (each read on the location's clock, checked again as instants);
 * else, for the specification's client, one session from `date` and the end (a new workshop or a
 * one-session one), or the course's sessions moved with its date (an edit of a course).
 */
function sessionsOf(
  form: Pick<AdminWorkshopInput, 'date' | 'endTime' | 'time' | 'sessions'>,
  current: Partial<WorkshopData> | undefined,
  timeZone: string | undefined,
): Session[] {
  const instant = (value: string, field?: string) => toSchoolInstant(value, field, timeZone);
  if (form.sessions) {
    const sessions = form.sessions.map((s, i) => ({
      startsAt: instant(s.startsAt, `sessions.${i}.startsAt`),
      endsAt: instant(s.endsAt, `sessions.${i}.endsAt`),
    }));
    const issues = sessionIssues(sessions);
    if (issues.length > 0) refuseSessions(issues);
    return sessions;
  }
  const start = instant(form.date!);
  const startWall = zonedWallTime(start, timeZone);
  if (form.endTime && form.endTime <= startWall) {
    const message = 'End time must be after the start.';
    throw validationError(`endTime: ${message}`, [{ path: 'endTime', message }]);
  }
  const kept = current?.sessions;
  if (kept && kept.length > 1 && !form.endTime) {
    const shift = Date.parse(start) - Date.parse(kept[0]!.startsAt);
    const moved = (t: string) => instant(new Date(Date.parse(t) + shift).toISOString());
    return kept.map((s) => ({ startsAt: moved(s.startsAt), endsAt: moved(s.endsAt) }));
  }
  if (form.endTime) return [{ startsAt: start, endsAt: sameDayAt(start, form.endTime, timeZone) }];
  return [oneSessionOf({ date: start, time: form.time ?? current?.time ?? '', timeZone })];
}

export interface EditProgram {
  programId: string;
  form: AdminProgramRequest;
}
export interface EditWorkshop extends Place {
  workshopId: string;
  form: AdminWorkshopInput;
}

/**
 * Edits apply the form over the record as it stands when the command is decided (fresh state on a
 * concurrency retry), so fields the form does not show - slug, features, instructor - are kept.
 * The catalogue deciders still decide: existence, and the capacity guard.
 */
export const editProgramDecider: Decider<EditProgram, ProgramEvent, ProgramState> = {
  initialState: programDecider.initialState,
  evolve: programDecider.evolve,
  decide({ form }, state) {
    if (state.status !== 'published' || !state.program) throw refuse({ code: 'program_not_found' });
    const { rating, reviews, importedRatings, ...kept } = state.program;
    const program = {
      ...kept,
      ...programFormFields(form),
      ...baselineFields(form, { rating, reviews, importedRatings }),
    };
    return programDecider.decide({ type: 'UpdateProgram', program }, state);
  },
};

export const editWorkshopDecider: Decider<EditWorkshop, WorkshopEvent, WorkshopState> = {
  // A fresh state for each fold: the workshop's evolve changes it in place.
  get initialState() {
    return workshopDecider.initialState;
  },
  evolve: workshopDecider.evolve,
  decide({ form, ...place }, state) {
    if (state.status !== 'scheduled' || !state.workshop) throw refuse({ code: 'workshop_not_found' });
    // Fields the form can clear are left out of the base; any other field of the record is kept.
    const {
      enrollmentClosesAt: _closes,
      priceTiers: _tiers,
      maxFreeSeatsPerClient: _freeSeats,
      depositCents: _deposit,
      balanceDueDaysBefore: _dueDays,
      paymentPlan: _plan,
      invoiceCheckout: _byInvoice,
      programId: _program,
      lateJoinUntilSession: _late,
      ageRange: _age,
      ageRangePolicy: _agePolicy,
      attire: _attire,
      longDescription: _long,
      additionalInfo: _info,
      note: _note,
      instructorId: _instructorId,
      locationId: _location,
      roomId: _room,
      venue: _venue,
      timeZone: _zone,
      ...kept
    } = state.workshop;
    return workshopDecider.decide(
      { type: 'UpdateWorkshop', workshop: { ...kept, ...workshopFormFields(form, state.workshop, place) } },
      state,
    );
  },
};
