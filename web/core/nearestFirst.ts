import { hasBegun } from '../../contracts/catalogue/sales-window.js';

interface Dated {
  date: string;
  title: string;
}

/**
 * Workshops as a person looks for them: the nearest to come first and on in time, then those
 * begun, the latest first ("newest first" read from today, not from the furthest date); at the same
 * instant, by title.
 */
export function nearestFirst<W extends Dated>(workshops: readonly W[], now: Date): W[] {
  const at = (w: W) => Date.parse(w.date);
  const byTitle = (a: W, b: W) => a.title.localeCompare(b.title);
  const coming = workshops.filter((w) => !hasBegun(w, now)).sort((a, b) => at(a) - at(b) || byTitle(a, b));
  const begun = workshops.filter((w) => hasBegun(w, now)).sort((a, b) => at(b) - at(a) || byTitle(a, b));
  return [...coming, ...begun];
}
