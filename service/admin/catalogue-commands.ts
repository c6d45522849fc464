import type { AdminProgramInput, AdminWorkshopInput } from '../../contracts/admin/catalogue-forms.js';
import type { ProgramData } from '../../contracts/catalogue/program.js';
import type { ProgramEvent, WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { WorkshopData } from '../../contracts/catalogue/workshop.js';
import { SCHOOL } from '../../contracts/core/school.js';
import type { Decider } from '../../platform/command/decider.js';
import { notFound, validationError } from '../core/errors.js';
import { programDecider, type ProgramState } from '../catalogue/program-decider.js';
import { workshopDecider, type WorkshopState } from '../catalogue/workshop-decider.js';
import { toSchoolInstant } from './school-time.js';
import { schoolWallTime, timeRangeText } from '../../contracts/catalogue/workshop-time.js';

/** The admin form holds only some fields of a program; the rest start empty. */
export function newProgram(id: string, slug: string, form: AdminProgramInput): ProgramData {
  return { id, slug, rating: 0, reviews: 0, features: [], ...programFormFields(form) };
}

/** A new workshop: what the form leaves out starts as the school's own (the owner teaches, no duration given). */
export function newWorkshop(id: string, form: AdminWorkshopInput): WorkshopData {
  return { id, ...workshopFormFields(form, { instructor: SCHOOL.owner, duration: '' }) };
}

/** The record's fields beyond the specification's form, each kept as it is when the form leaves it out. */
type RecordFields = Pick<
  WorkshopData,
  'instructor' | 'duration' | 'ageRange' | 'attire' | 'longDescription' | 'additionalInfo' | 'note'
>;

/** '' (or no rows) clears an optional field: it is left out of the record rather than stored empty. */
const present = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
    ? {}
    : { [key]: value }) as Partial<Record<K, V>>;

function recordFields(form: Partial<RecordFields>, current: RecordFields): RecordFields {
  const pick = <K extends keyof RecordFields>(key: K): RecordFields[K] =>
    (form[key] === undefined ? current[key] : form[key]) as RecordFields[K];
  return {
    instructor: pick('instructor'),
    duration: pick('duration'),
    ...present('ageRange', pick('ageRange')),
    ...present('attire', pick('attire')),
    ...present('longDescription', pick('longDescription')),
    ...present('additionalInfo', pick('additionalInfo')),
    ...present('note', pick('note')),
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
    location,
    price,
    capacity,
    enrollmentClosesAt,
    priceTiers,
    maxFreeSeatsPerClient,
    depositCents,
    balanceDueDaysBefore,
    ...rest
  }: AdminWorkshopInput,
  current: RecordFields & Partial<WorkshopData>,
): Omit<WorkshopData, 'id'> => {
  const start = toSchoolInstant(date);
  const startWall = schoolWallTime(start);
  if (endTime && endTime <= startWall) {
    const message = 'End time must be after the start.';
    throw validationError(`endTime: ${message}`, [{ path: 'endTime', message }]);
  }
  // The schedule's text follows from the start and the end; the specification's client sends it as text.
  const shownTime = endTime ? timeRangeText(startWall, endTime) : (time ?? '');
  const closes =
    enrollmentClosesAt === undefined
      ? current?.enrollmentClosesAt
      : enrollmentClosesAt === ''
        ? undefined
        : toSchoolInstant(enrollmentClosesAt, 'enrollmentClosesAt');
  if (closes !== undefined && Date.parse(closes) > Date.parse(start)) {
    const message = 'Enrollment closes must be before the workshop starts (leave it empty to close at the start).';
    throw validationError(`enrollmentClosesAt: ${message}`, [{ path: 'enrollmentClosesAt', message }]);
  }
  const tiers = priceTiers === undefined ? current?.priceTiers : priceTiers;
  const freeSeats = maxFreeSeatsPerClient === undefined ? current?.maxFreeSeatsPerClient : maxFreeSeatsPerClient;
  const deposit = depositCents === undefined ? current?.depositCents : depositCents;
  const dueDays = balanceDueDaysBefore === undefined ? current?.balanceDueDaysBefore : balanceDueDaysBefore;
  return {
    ...recordFields(rest, current),
    title,
    description,
    category,
    date: start,
    time: shownTime,
    location,
    price,
    capacity,
    ...(closes !== undefined ? { enrollmentClosesAt: closes } : {}),
    ...(tiers && tiers.length > 0 ? { priceTiers: [...tiers].sort((a, b) => a.participants - b.participants) } : {}),
    ...(freeSeats != null ? { maxFreeSeatsPerClient: freeSeats } : {}),
    ...(deposit ? { depositCents: deposit } : {}),
    ...(deposit && dueDays != null ? { balanceDueDaysBefore: dueDays } : {}),
  };
};

export interface EditProgram {
  programId: string;
  form: AdminProgramInput;
}
export interface EditWorkshop {
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
    if (state.status !== 'published' || !state.program)
      throw notFound('We could not find that program. It may have been removed.');
    return programDecider.decide(
      { type: 'UpdateProgram', program: { ...state.program, ...programFormFields(form) } },
      state,
    );
  },
};

export const editWorkshopDecider: Decider<EditWorkshop, WorkshopEvent, WorkshopState> = {
  // A fresh state for each fold: the workshop's evolve changes it in place.
  get initialState() {
    return workshopDecider.initialState;
  },
  evolve: workshopDecider.evolve,
  decide({ form }, state) {
    if (state.status !== 'scheduled' || !state.workshop)
      throw notFound('We could not find that workshop. It may have been removed.');
    // Fields the form can clear are left out of the base; any other field of the record is kept.
    const {
      enrollmentClosesAt: _closes,
      priceTiers: _tiers,
      maxFreeSeatsPerClient: _freeSeats,
      depositCents: _deposit,
      balanceDueDaysBefore: _dueDays,
      ageRange: _age,
      attire: _attire,
      longDescription: _long,
      additionalInfo: _info,
      note: _note,
      ...kept
    } = state.workshop;
    return workshopDecider.decide(
      { type: 'UpdateWorkshop', workshop: { ...kept, ...workshopFormFields(form, state.workshop) } },
      state,
    );
  },
};
