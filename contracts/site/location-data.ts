import { SCHOOL } from '../core/school.js';
import { addressLine, type PublicLocation } from '../locations/location.js';

/** schema.org's day names, ISO weekday 1 (Monday) to 7 (Sunday). */
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** "Monday" for ISO weekday 1. */
export const weekdayName = (weekday: number) => DAYS[weekday - 1] ?? '';

/** A map search for the address (no key, no script: a plain link a phone opens in its maps app). */
export const mapLink = (l: Pick<PublicLocation, 'name' | 'address'>) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${SCHOOL.fullName}, ${addressLine(l.address)}`)}`;

/**
 * A location as a LocalBusiness (issue 41 item 4), built only from what its page states: its
 * address, telephone, e-mail and hours, a department of the school (`#school` on the home page).
 */
export function locationBusiness(l: PublicLocation, origin: string): Record<string, unknown> {
  const url = `${origin}/locations/${encodeURIComponent(l.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${url}#location`,
    name: `${SCHOOL.fullName}, ${l.name}`,
    url,
    ...(l.phone ? { telephone: l.phone } : {}),
    ...(l.email ? { email: l.email } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: [l.address.line1, l.address.line2].filter(Boolean).join(', '),
      addressLocality: l.address.city,
      addressRegion: l.address.state,
      postalCode: l.address.postalCode,
      addressCountry: 'US',
    },
    openingHoursSpecification: l.hours.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: weekdayName(h.weekday),
      opens: h.opens,
      closes: h.closes,
    })),
    hasMap: mapLink(l),
    parentOrganization: { '@id': `${origin}/#school` },
  };
}
