import { ADDRESS_ONE_LINE, SCHOOL } from '../core/school.js';
import { enrollmentClosesAtOf, hasBegun, isEnrollmentOpen } from '../catalogue/sales-window.js';
import type { Workshop } from '../catalogue/workshop.js';
import type { Program } from '../catalogue/program.js';

/**
 * schema.org objects for search engines (JSON-LD), built only from what the site states: the
 * school's facts (contracts/core/school.ts) and the workshop read model. Nothing is guessed: a
 * field the data does not give is left out.
 */
export type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org';
const TZ = SCHOOL.timeZone;

const postalAddress = () => ({
  '@type': 'PostalAddress',
  streetAddress: `${SCHOOL.address.line2}, ${SCHOOL.address.line1}`,
  addressLocality: SCHOOL.address.city,
  addressRegion: SCHOOL.address.region,
  postalCode: SCHOOL.address.postalCode,
  addressCountry: 'US',
});

/** "Mon-Fri" / "9AM-5PM" → schema.org opening hours ("Mo-Fr 09:00-17:00"); a closed day is left out. */
function openingHours(): string[] {
  const days: Record<string, string> = { Mon: 'Mo', Tue: 'Tu', Wed: 'We', Thu: 'Th', Fri: 'Fr', Sat: 'Sa', Sun: 'Su' };
  const clock = (t: string) => {
    const m = /^(\d{1,2})(?::(\d{2}))?(AM|PM)$/i.exec(t.trim());
    if (!m) return null;
    const hour = (Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'PM' ? 12 : 0);
    return `${String(hour).padStart(2, '0')}:${m[2] ?? '00'}`;
  };
  return SCHOOL.hours.flatMap(({ days: span, hours }) => {
    const [from, to] = hours.split('-').map(clock);
    const dayCodes = span.split('-').map((d) => days[d]);
    if (!from || !to || dayCodes.some((d) => !d)) return [];
    return [`${dayCodes.join('-')} ${from}-${to}`];
  });
}

/** The school as a LocalBusiness, with the address, telephone, e-mail and hours the site shows. */
export function localBusiness(origin: string): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'LocalBusiness',
    '@id': `${origin}/#school`,
    name: SCHOOL.fullName,
    alternateName: SCHOOL.name,
    url: `${origin}/`,
    telephone: SCHOOL.phoneHref.replace(/^tel:/, ''),
    email: SCHOOL.email,
    address: postalAddress(),
    openingHours: openingHours(),
    geo: { '@type': 'GeoCoordinates', latitude: SCHOOL.geo.latitude, longitude: SCHOOL.geo.longitude },
    logo: `${origin}${SCHOOL.logo}`,
    image: `${origin}${SCHOOL.logo}`,
    founder: { '@type': 'Person', name: SCHOOL.owner },
  };
}

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TZ, timeZoneName: 'longOffset' });

/** The school zone's UTC offset at an instant, as "-05:00". */
function offsetAt(instant: number): string {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

const offsetMinutes = (offset: string) =>
  (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/** A wall-clock time on the school's clock as an ISO instant with its offset (daylight saving included). */
function schoolTime(dayKey: string, hour: number, minute: number): string {
  const [y, m, d] = dayKey.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, hour, minute);
  const offset = offsetAt(asUtc - offsetMinutes(offsetAt(asUtc)) * 60_000);
  const hh = String(hour).padStart(2, '0');
  const mm = String(minute).padStart(2, '0');
  return `${dayKey}T${hh}:${mm}:00${offset}`;
}

/**
 * When a workshop ends, from the end of its time range ("12:30 PM - 2:00 PM") on its last day
 * ("4 days (90 minutes a day)": the fourth day); undefined when the time text gives no end.
 */
export function workshopEnd(w: Pick<Workshop, 'date' | 'time' | 'duration'>): string | undefined {
  const end = /-\s*(\d{1,2}):(\d{2})\s*(AM|PM)\s*$/i.exec(w.time.trim());
  if (!end) return undefined;
  const hour = (Number(end[1]) % 12) + (end[3]!.toUpperCase() === 'PM' ? 12 : 0);
  const days = Number(/^(\d+)\s+days?\b/i.exec(w.duration.trim())?.[1] ?? 1);
  const startDay = dayKeyFormat.format(new Date(w.date));
  const [y, m, d] = startDay.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1, d + days - 1)).toISOString().slice(0, 10);
  const iso = schoolTime(lastDay, hour, Number(end[2]));
  return Date.parse(iso) > Date.parse(w.date) ? iso : undefined;
}

/** When the workshop's sales opened (its publication), when the read model knows it. */
const salesOpenAt = (w: Workshop): Date | undefined => (w.scheduledAt ? new Date(w.scheduledAt) : undefined);

/**
 * What the offer says a parent can do at `now`: not yet on sale (PreOrder, from validFrom on),
 * sales over, by the administrator's early close or the start (Discontinued: the offer is not
 * coming back, whatever seats remain), no seats left (SoldOut), or open (few seats: limited).
 */
export function availabilityOf(w: Workshop, now: Date): string {
  const opens = salesOpenAt(w);
  if (hasBegun(w, now) || !isEnrollmentOpen(w, now)) return `${SCHEMA}/Discontinued`;
  if (opens && now.getTime() < opens.getTime()) return `${SCHEMA}/PreOrder`;
  if (w.spotsLeft <= 0) return `${SCHEMA}/SoldOut`;
  return w.spotsLeft <= 3 ? `${SCHEMA}/LimitedAvailability` : `${SCHEMA}/InStock`;
}

function place(location: string): JsonLd {
  // Held as the school's one-line address when the class is at the school: then its full address.
  if (location === ADDRESS_ONE_LINE) return { '@type': 'Place', name: SCHOOL.fullName, address: postalAddress() };
  return { '@type': 'Place', name: location, address: location };
}

/** One workshop as a schema.org Event, its offer pointing at its enroll page. */
export function workshopEvent(w: Workshop, origin: string, now: Date): JsonLd {
  // A course ends with its last session.
  const endDate = w.sessions && w.sessions.length > 1 ? w.sessions[w.sessions.length - 1]!.endsAt : workshopEnd(w);
  return {
    '@context': SCHEMA,
    '@type': 'Event',
    name: w.title,
    description: w.description,
    startDate: w.date,
    ...(endDate ? { endDate } : {}),
    eventStatus: `${SCHEMA}/EventScheduled`,
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    location: place(w.location),
    ...(w.instructor ? { performer: { '@type': 'Person', name: w.instructor } } : {}),
    organizer: { '@type': 'Organization', name: SCHOOL.fullName, url: `${origin}/` },
    offers: offerOf(w, origin, now),
    ...(w.ageRange && /^\d+(-\d+)?$/.test(w.ageRange.trim()) ? { typicalAgeRange: w.ageRange.trim() } : {}),
  };
}

/** The upcoming workshops as Events, in one list for one script element. */
export function workshopEvents(workshops: readonly Workshop[], origin: string, now: Date): JsonLd[] {
  return workshops.filter((w) => !hasBegun(w, now)).map((w) => workshopEvent(w, origin, now));
}

/** What a parent can buy of a workshop: its price, its enroll page, its availability and sales window. */
function offerOf(w: Workshop, origin: string, now: Date): JsonLd {
  return {
    '@type': 'Offer',
    url: `${origin}/enroll/${encodeURIComponent(w.id)}`,
    price: w.price,
    priceCurrency: 'USD',
    availability: availabilityOf(w, now),
    ...(salesOpenAt(w) ? { validFrom: salesOpenAt(w)!.toISOString() } : {}),
    validThrough: enrollmentClosesAtOf(w).toISOString(),
  };
}

/** "PT1H30M": a length of time as ISO 8601 writes it. */
function isoDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

const dayNumber = (instant: string) => {
  const [y, m, d] = dayKeyFormat.format(new Date(instant)).split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
};
const wallClock = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * The length and pace of an offering, as course rich results ask: a Schedule when its sessions are
 * on consecutive days or a week apart, each as long as the first (`repeatFrequency`, `repeatCount`,
 * `duration`, its days and hours in the school's zone); else the hours in all (`courseWorkload`).
 */
function paceOf(sessions: readonly { startsAt: string; endsAt: string }[]): JsonLd {
  const first = sessions[0];
  const last = sessions[sessions.length - 1];
  if (!first || !last) return {};
  const length = (s: { startsAt: string; endsAt: string }) => Date.parse(s.endsAt) - Date.parse(s.startsAt);
  const gaps = sessions.slice(1).map((s, i) => dayNumber(s.startsAt) - dayNumber(sessions[i]!.startsAt));
  const every = gaps.length === 0 ? 1 : gaps.every((g) => g === gaps[0]) ? gaps[0] : null;
  const frequency = every === 1 ? 'Daily' : every === 7 ? 'Weekly' : null;
  if (!frequency || sessions.some((s) => length(s) !== length(first)))
    return { courseWorkload: isoDuration(sessions.reduce((sum, s) => sum + length(s), 0)) };
  return {
    courseSchedule: {
      '@type': 'Schedule',
      repeatFrequency: frequency,
      repeatCount: sessions.length,
      duration: isoDuration(length(first)),
      startDate: dayKeyFormat.format(new Date(first.startsAt)),
      endDate: dayKeyFormat.format(new Date(last.startsAt)),
      startTime: wallClock.format(new Date(first.startsAt)),
      endTime: wallClock.format(new Date(first.endsAt)),
      scheduleTimezone: TZ,
    },
  };
}

/**
 * A program page as a schema.org Course, with what it costs (`offers`, as course rich results ask),
 * each upcoming offering of it a CourseInstance with its pace (`courseSchedule`), its dated sessions
 * as `subEvent`s (each an Event with its start and end) and its own offer.
 */
export function programCourse(program: Program, workshops: readonly Workshop[], origin: string, now: Date): JsonLd {
  const offerings = workshops.filter(
    (w) => w.programId === program.id && (!hasBegun(w, now) || isEnrollmentOpen(w, now)),
  );
  const url = `${origin}/program/${encodeURIComponent(program.slug)}`;
  return {
    '@context': SCHEMA,
    '@type': 'Course',
    name: program.title,
    description: program.fullDescription ?? program.description,
    url,
    provider: { '@type': 'Organization', name: SCHOOL.fullName, url: `${origin}/` },
    offers: {
      '@type': 'Offer',
      category: program.price > 0 ? 'Paid' : 'Free',
      price: program.price,
      priceCurrency: 'USD',
      url,
    },
    hasCourseInstance: offerings.map((w) => ({
      '@type': 'CourseInstance',
      name: w.title,
      courseMode: 'Onsite',
      startDate: w.date,
      ...(w.sessions?.length ? { endDate: w.sessions[w.sessions.length - 1]!.endsAt } : {}),
      ...paceOf(w.sessions ?? []),
      location: place(w.location),
      ...(w.instructor ? { instructor: { '@type': 'Person', name: w.instructor } } : {}),
      subEvent: (w.sessions ?? []).map((session, i) => ({
        '@type': 'Event',
        name: `${w.title}, session ${i + 1} of ${w.sessions.length}`,
        startDate: session.startsAt,
        endDate: session.endsAt,
        eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
        location: place(w.location),
      })),
      offers: offerOf(w, origin, now),
    })),
  };
}
