import type { ReadStore } from '../../platform/readstore/port.js';
import type { HotRead } from '../core/hot-reads.js';
import type { Program } from '../../contracts/catalogue/program.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { fromDate, toCalendarDate } from '@internationalized/date';
import { SCHOOL } from '../../contracts/core/school.js';
import { listPrograms, listWorkshops } from './queries.js';

/**
 * The catalogue's hot reads: the two lists every public page starts from, kept per projection
 * position. The programs' stars show from `minCount` ratings (REVIEWS_MIN_COUNT): every reader of
 * the one kept list passes the configured one.
 */
export const programsRead = (store: ReadStore, minCount: number): HotRead<Program[]> => ({
  key: 'programs',
  projections: ['programs'],
  load: () => listPrograms(store, minCount),
});

/**
 * The schedule, with what each instalment plan can offer today (issue 43): the answer changes with
 * the school's day as well as with the projection, so the day is part of its key.
 */
export const workshopsRead = (store: ReadStore, clock: () => Date = () => new Date()): HotRead<Workshop[]> => ({
  get key() {
    return `workshops@${schoolDay(clock())}`;
  },
  projections: ['schedule'],
  load: () => listWorkshops(store, clock()),
});

const schoolDay = (at: Date) => toCalendarDate(fromDate(at, SCHOOL.timeZone)).toString();

/** By id first, then by slug, as `findProgram`: the detail page links by slug, the enrollment pages by id. */
export const pickProgram = (programs: Program[], idOrSlug: string): Program | undefined =>
  programs.find((p) => p.id === idOrSlug) ?? programs.find((p) => p.slug === idOrSlug);
