/**
 * A workshop's age range as the school writes it ("7-12", "Ages 5-9", "6 to 10", "18+", "21+"),
 * read as numbers so an age outside it can be caught; and what the school does then
 * (`ageRangePolicy`: only warn the parent, the default, or refuse the enrollment).
 */
export const AGE_RANGE_POLICIES = ['warn', 'refuse'] as const;
export type AgeRangePolicy = (typeof AGE_RANGE_POLICIES)[number];

export interface AgeBounds {
  min: number;
  /** null: no upper bound ("18+"). */
  max: number | null;
}

/** The bounds the text gives, or null when it gives none ("All ages", empty). */
export function parseAgeRange(text: string | undefined): AgeBounds | null {
  if (!text) return null;
  const between = /(\d{1,3})\s*(?:-|–|—|to)\s*(\d{1,3})/i.exec(text);
  if (between) {
    const [a, b] = [Number(between[1]), Number(between[2])];
    return { min: Math.min(a, b), max: Math.max(a, b) };
  }
  const plus = /(\d{1,3})\s*\+/.exec(text);
  return plus ? { min: Number(plus[1]), max: null } : null;
}

/** Whether an age falls outside the workshop's range (an unknown age or range never does). */
export function outsideAgeRange(ageRange: string | undefined, age: number | null | undefined): boolean {
  const bounds = parseAgeRange(ageRange);
  if (!bounds || age === null || age === undefined) return false;
  return age < bounds.min || (bounds.max !== null && age > bounds.max);
}

/** "Participant 1 is 5; this class is for ages 7-12." */
export const ageRangeSentence = (index: number, age: number, ageRange: string) =>
  `Participant ${index + 1} is ${age}; this class is for ages ${ageRange.replace(/^ages?\s*/i, '')}.`;

/** The participants (by index) whose age is outside the range, with their age. */
export function agesOutside(
  ageRange: string | undefined,
  details: readonly { age: number | null }[],
): { index: number; age: number }[] {
  return details.flatMap((p, index) => (outsideAgeRange(ageRange, p.age) ? [{ index, age: p.age! }] : []));
}
