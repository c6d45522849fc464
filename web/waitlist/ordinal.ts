const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const rules = new Intl.PluralRules('en-US', { type: 'ordinal' });

/** 1st, 2nd, 3rd, 4th…: a place on the waitlist. */
export const ordinal = (n: number) => `${n}${SUFFIX[rules.select(n)] ?? 'th'}`;
