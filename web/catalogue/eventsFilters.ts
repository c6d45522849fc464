import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { hasBegun } from '../../contracts/catalogue/sales-window.js';
import { CATEGORY_TABS, filterWorkshops, type CategoryFilter } from './scheduleFilters.js';

/** The events screen's category choices: the schedule's tabs, "All" read as "All categories". */
export const EVENT_CATEGORY_OPTIONS = CATEGORY_TABS.map((t) => ({
  id: t.value,
  label: t.value === 'all' ? 'All categories' : t.label,
}));

/**
 * The events screen's list: every workshop, past ones included, of the category (all by default)
 * and on the same calendar day in the school's zone as `day` (when one is picked). It starts with
 * the nearest event to come and goes on in time, then the past ones, the latest first ("newest
 * first" on both sides of `now`: a parent looks for what is next, not what is furthest away).
 */
export function eventsFor(
  workshops: readonly Workshop[],
  category: CategoryFilter,
  day: string | null,
  now: Date,
): Workshop[] {
  const at = (w: Workshop) => Date.parse(w.date);
  const byTitle = (a: Workshop, b: Workshop) => a.title.localeCompare(b.title);
  const shown = filterWorkshops(workshops, category, day);
  const coming = shown.filter((w) => !hasBegun(w, now)).sort((a, b) => at(a) - at(b) || byTitle(a, b));
  const past = shown.filter((w) => hasBegun(w, now)).sort((a, b) => at(b) - at(a) || byTitle(a, b));
  return [...coming, ...past];
}
