/** Facts about the school shown across the site, the receipt and the e-mails. */
export const SCHOOL = {
  name: 'Great Lakes Etiquette',
  fullName: 'Great Lakes School of Etiquette',
  /** Used in file names such as the receipt: no spaces. */
  product: 'GreatLakesEtiquette',
  timeZone: 'America/Chicago',
  email: 'hello@greatlakesetiquette.com',
  phone: '(972) 555-0142',
  phoneHref: 'tel:+19725550142',
  address: {
    line1: 'Legacy Commons Shopping Centre',
    line2: '5800 Legacy Drive, Suite 120',
    city: 'Plano',
    region: 'TX',
    postalCode: '75024',
  },
  hours: [
    { days: 'Mon-Fri', hours: '9AM-5PM' },
    { days: 'Sat', hours: '9AM-1PM' },
    { days: 'Sun', hours: 'Closed' },
  ],
  owner: 'Margaret Ellison',
  /** Where the school is on a map (the shopping centre on Legacy Drive), for search engines and maps. */
  geo: { latitude: 33.0737, longitude: -96.8221 },
  /** The crest as a square PNG (rendered from web/public/favicon.svg by the service). */
  logo: '/images/logo.png',
} as const;

export const ADDRESS_ONE_LINE = `${SCHOOL.address.line1}, ${SCHOOL.address.line2}, ${SCHOOL.address.city}, ${SCHOOL.address.region} ${SCHOOL.address.postalCode}`;
