import type { ReadStore } from '../../platform/readstore/port.js';
import type { HotRead } from '../core/hot-reads.js';
import type { Program } from '../../contracts/catalogue/program.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { listPrograms, listWorkshops } from './queries.js';

/** The catalogue's hot reads: the two lists every public page starts from, kept per projection position. */
export const programsRead = (store: ReadStore): HotRead<Program[]> => ({
  key: 'programs',
  projections: ['programs'],
  load: () => listPrograms(store),
});

export const workshopsRead = (store: ReadStore): HotRead<Workshop[]> => ({
  key: 'workshops',
  projections: ['schedule'],
  load: () => listWorkshops(store),
});

/** By id first, then by slug, as `findProgram`: the detail page links by slug, the enrollment pages by id. */
export const pickProgram = (programs: Program[], idOrSlug: string): Program | undefined =>
  programs.find((p) => p.id === idOrSlug) ?? programs.find((p) => p.slug === idOrSlug);
