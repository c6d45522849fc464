import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { nearestFirst } from '../core/nearestFirst.js';
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
  return nearestFirst(filterWorkshops(workshops, category, day), now);
}
