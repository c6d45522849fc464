/**
 * The school's terms, by school day (record 110): spring January to May, summer June to August,
 * fall September to December. A family "returns" when it books a class of the next term.
 */
export type Term = { key: string; label: string; first: string; last: string };

const TERMS = [
  { name: 'spring', label: 'Spring', first: '01-01', last: '05-31' },
  { name: 'summer', label: 'Summer', first: '06-01', last: '08-31' },
  { name: 'fall', label: 'Fall', first: '09-01', last: '12-31' },
] as const;

const termAt = (year: number, i: number): Term => {
  const t = TERMS[i]!;
  return {
    key: `${year}-${t.name}`,
    label: `${t.label} ${year}`,
    first: `${year}-${t.first}`,
    last: `${year}-${t.last}`,
  };
};
const indexOf = (day: string) => TERMS.findIndex((t) => day.slice(5) <= t.last);

/** The term a school day (YYYY-MM-DD) is in. */
export const termOf = (day: string): Term => termAt(Number(day.slice(0, 4)), indexOf(day));

/** The term after `term`. */
export function nextTerm(term: Term): Term {
  const i = indexOf(term.first);
  const year = Number(term.first.slice(0, 4));
  return i === TERMS.length - 1 ? termAt(year + 1, 0) : termAt(year, i + 1);
}

/** Every term a range of school days touches, in order. */
export function termsOf(from: string, to: string): Term[] {
  const terms: Term[] = [];
  for (let t = termOf(from); t.first <= to; t = nextTerm(t)) terms.push(t);
  return terms;
}
