import { replaceAddressSearch, useAddressSearch } from '../core/addressSearch.js';
import { parseCategory, parseDayKey, type CategoryFilter } from './scheduleFilters.js';

/**
 * The schedule's and events' filters, kept in the address (?category=teen&date=2025-06-07) so a
 * filtered view can be shared, and read alike by every island of the page.
 */
export function useAddressFilters(serverSearch: string) {
  const params = new URLSearchParams(useAddressSearch(serverSearch));
  const set = (name: 'category' | 'date', value: string | null) =>
    replaceAddressSearch((next) => (value ? next.set(name, value) : next.delete(name)));
  return {
    category: parseCategory(params.get('category')),
    day: parseDayKey(params.get('date')),
    setCategory: (value: CategoryFilter) => set('category', value === 'all' ? null : value),
    setDay: (value: string | null) => set('date', value),
    clear: () =>
      replaceAddressSearch((next) => {
        next.delete('category');
        next.delete('date');
      }),
  };
}

export type AddressFilters = ReturnType<typeof useAddressFilters>;
