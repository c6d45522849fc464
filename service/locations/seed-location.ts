import type { LocationOpened, RoomAdded } from '../../contracts/locations/events.js';
import { SCHOOL } from '../../contracts/core/school.js';

/** The school's first location (the specifications' shopping centre in Plano), as the seed opens it. */
export const PLANO_LOCATION_ID = 'plano';

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }));

/** Mon-Fri 9AM-5PM, Sat 9AM-1PM, Sun closed (public-site.md). */
export const plano = (at: string): { opened: LocationOpened; rooms: RoomAdded[] } => ({
  opened: {
    locationId: PLANO_LOCATION_ID,
    name: 'Plano',
    slug: 'plano',
    address: {
      line1: SCHOOL.address.line1,
      line2: SCHOOL.address.line2,
      city: SCHOOL.address.city,
      state: SCHOOL.address.region,
      postalCode: SCHOOL.address.postalCode,
    },
    timeZone: SCHOOL.timeZone,
    phone: SCHOOL.phone,
    email: SCHOOL.email,
    hours: [...weekdays, { weekday: 6, opens: '09:00', closes: '13:00' }],
    directions:
      'In Legacy Commons Shopping Centre on Legacy Drive: Suite 120, beside the fountain. Free parking in front.',
    openedAt: at,
  },
  rooms: [
    { name: 'Tea Room', capacity: 16, roomId: 'plano-tea-room' },
    { name: 'Dining Room', capacity: 30, roomId: 'plano-dining-room' },
    { name: 'Classroom', capacity: 20, roomId: 'plano-classroom' },
  ].map((r) => ({ locationId: PLANO_LOCATION_ID, ...r, addedAt: at })),
});
