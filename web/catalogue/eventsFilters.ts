import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { CATEGORY_TABS, filterWorkshops, type CategoryFilter } from './scheduleFilters.js';

/** The events screen's category choices: the schedule's tabs, "All" read as "All categories". */
export const EVENT_CATEGORY_OPTIONS = CATEGORY_TABS.map((t) => ({
  id: t.value,
  label: t.value === 'all' ? 'All categories' : t.label,
}));

/**
 * The events screen's list: every workshop, past ones included, of the category (all by default)
 * and on the same calendar day in the school's zone as `day` (when one is picked), newest first.
 */
export function eventsFor(workshops: readonly Workshop[], category: CategoryFilter, day: string | null): Workshop[] {
  return filterWorkshops(workshops, category, day).sort(
    (a, b) => Date.parse(b.date) - Date.parse(a.date) || a.title.localeCompare(b.title),
  );
}
