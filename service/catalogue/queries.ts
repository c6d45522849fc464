import type { ReadStore } from '../../platform/readstore/port.js';
import type { Program } from '../../contracts/catalogue/program.js';
import { withSessions, type Workshop } from '../../contracts/catalogue/workshop.js';
import type { ProgramDoc } from '../../projections/catalogue/programs.js';
import { planOffer } from '../../contracts/catalogue/payment-plan.js';
import { DEFAULT_REVIEWS_MIN_COUNT, NO_RATINGS, publicProgram } from '../../contracts/catalogue/rating.js';

/**
 * The program as the API answers it: its figures computed from its published reviews and its
 * baseline, its stars shown from `minCount` ratings in all (REVIEWS_MIN_COUNT). The public pages
 * and GET /api/programs pass the configured one; a caller after the title or the id only may
 * leave it.
 */
const toProgram = ({ listedAt: _listedAt, published, ...program }: ProgramDoc, minCount: number): Program =>
  publicProgram(program, published ?? NO_RATINGS, minCount);

export async function listPrograms(store: ReadStore, minCount = DEFAULT_REVIEWS_MIN_COUNT): Promise<Program[]> {
  const { items } = await store.find<ProgramDoc>('programs', { sort: [{ field: 'listedAt', direction: 'asc' }] });
  return items.map((i) => toProgram(i.doc, minCount));
}

/** By id first, then by slug: the detail page links by slug, the enrollment pages by id. */
export async function findProgram(
  store: ReadStore,
  idOrSlug: string,
  minCount = DEFAULT_REVIEWS_MIN_COUNT,
): Promise<Program | null> {
  const byId = await store.get<ProgramDoc>('programs', idOrSlug);
  if (byId) return toProgram(byId.doc, minCount);
  const { items } = await store.find<ProgramDoc>('programs', { where: { slug: idOrSlug }, limit: 1 });
  return items[0] ? toProgram(items[0].doc, minCount) : null;
}

/**
 * The public schedule: a private workshop (an organization's on-site training) is not on it. Given
 * `now`, a workshop with an instalment plan says what the plan can offer an enrollment made then.
 */
export async function listWorkshops(store: ReadStore, now?: Date): Promise<Workshop[]> {
  const { items } = await store.find<Workshop>('schedule', { sort: [{ field: 'date', direction: 'asc' }] });
  // Documents projected before courses have no sessions: they read as one session from their date.
  const list = items.filter((i) => !i.doc.privateFor).map((i) => withSessions(i.doc));
  return now ? list.map((w) => withPlanOffer(w, now)) : list;
}

/** The workshop with `paymentPlanOffer` when it has a plan (nothing added without one). */
export const withPlanOffer = (w: Workshop, now: Date): Workshop =>
  w.paymentPlan ? { ...w, paymentPlanOffer: planOffer(w.paymentPlan, w.sessions[0]?.startsAt ?? w.date, now) } : w;

export async function findWorkshop(store: ReadStore, id: string): Promise<Workshop | null> {
  const doc = (await store.get<Workshop>('schedule', id))?.doc;
  return doc ? withSessions(doc) : null;
}
