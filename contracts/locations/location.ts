import { z } from 'zod';
import { multiLineText, oneLineText } from '../core/text.js';

/** The school's own zone: a location that names none is on it. */
export const SCHOOL_TIME_ZONE = 'America/Chicago';

export const LocationIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a location id (letters, digits, - and _).');
export const RoomIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a room id (letters, digits, - and _).');

const required = (label: string, max: number) =>
  oneLineText(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
const optional = (label: string, max: number) =>
  oneLineText(label).trim().max(max, `${label} must be at most ${max} characters.`).optional();

/** An IANA zone this runtime knows (America/Denver), as Intl reads it. */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /\//.test(zone) || zone === 'UTC';
  } catch {
    return false;
  }
};

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const wallTime = (label: string) =>
  z.string({ error: `${label} is required.` }).regex(HH_MM, `${label} must be a time of day, e.g. 09:00.`);

export const OpeningHoursSchema = z
  .object({
    /** ISO weekday: 1 is Monday, 7 Sunday. */
    weekday: z
      .number({ error: 'Weekday must be a number from 1 (Monday) to 7 (Sunday).' })
      .int('Weekday must be a whole number from 1 (Monday) to 7 (Sunday).')
      .min(1, 'Weekday must be from 1 (Monday) to 7 (Sunday).')
      .max(7, 'Weekday must be from 1 (Monday) to 7 (Sunday).'),
    opens: wallTime('Opens'),
    closes: wallTime('Closes'),
  })
  .refine((h) => h.closes > h.opens, { path: ['closes'], message: 'Closes must be after opens.' });
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

export const AddressSchema = z.object({
  line1: required('Address line 1', 200),
  line2: optional('Address line 2', 200),
  city: required('City', 100),
  state: required('State', 60),
  postalCode: required('Postal code', 20),
});
export type Address = z.infer<typeof AddressSchema>;

/** A room as the form sends it: an edit names the rooms it keeps by their `id`; a row without one is a new room. */
export const RoomInputSchema = z.object({
  id: RoomIdSchema.optional(),
  name: required('Room name', 100),
  capacity: z
    .number({ error: 'Room capacity is required.' })
    .int('Room capacity must be a whole number.')
    .min(1, 'Room capacity must be at least 1.')
    .max(10_000, 'Room capacity must be at most 10,000.'),
});
export type RoomInput = z.infer<typeof RoomInputSchema>;

/** POST and PUT /api/admin/locations (issue 41 item 1). */
export const LocationInputSchema = z
  .object({
    name: required('Name', 120),
    slug: z
      .string({ error: 'Slug is required.' })
      .trim()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug must be lower-case letters and digits joined by hyphens, e.g. el-paso.')
      .max(60, 'Slug must be at most 60 characters.'),
    address: AddressSchema,
    timeZone: z
      .string({ error: 'Time zone must be an IANA zone, e.g. America/Denver.' })
      .trim()
      .refine(isTimeZone, 'Time zone must be an IANA zone, e.g. America/Denver.')
      .default(SCHOOL_TIME_ZONE),
    phone: optional('Phone', 40),
    email: z
      .string({ error: 'Email must be text.' })
      .trim()
      .max(254, 'Email must be at most 254 characters.')
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid email address.')
      .optional(),
    hours: z.array(OpeningHoursSchema).max(21, 'At most 21 rows of hours.'),
    rooms: z.array(RoomInputSchema).max(50, 'At most 50 rooms.'),
    opensOn: z.iso.date('Opens on must be a date, e.g. 2027-01-15.').optional(),
    directions: multiLineText('Directions').trim().max(2000, 'Directions must be at most 2,000 characters.').optional(),
    /** The office's own notes: never in the public answer. */
    notes: multiLineText('Notes').trim().max(2000, 'Notes must be at most 2,000 characters.').optional(),
  })
  .superRefine((l, ctx) => {
    const names = new Set<string>();
    l.rooms.forEach((room, i) => {
      const key = room.name.toLowerCase();
      if (names.has(key))
        ctx.addIssue({ code: 'custom', path: ['rooms', i, 'name'], message: `"${room.name}" is already a room here.` });
      names.add(key);
    });
    const ids = l.rooms.flatMap((r) => (r.id ? [r.id] : []));
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['rooms'], message: 'A room is listed twice.' });
  });
export type LocationInput = z.infer<typeof LocationInputSchema>;

export const RoomSchema = z.object({ id: RoomIdSchema, name: z.string(), capacity: z.number().int().positive() });
export type Room = z.infer<typeof RoomSchema>;

/** A location as its events carry it (the rooms are events of their own). */
export const LocationRecordSchema = z.object({
  locationId: LocationIdSchema,
  name: z.string().min(1).max(120),
  slug: z.string().min(1).max(60),
  address: z.object({
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
  }),
  timeZone: z.string().min(1),
  phone: z.string().optional(),
  email: z.string().optional(),
  hours: z.array(z.object({ weekday: z.number().int().min(1).max(7), opens: z.string(), closes: z.string() })),
  opensOn: z.string().optional(),
  directions: z.string().optional(),
  notes: z.string().optional(),
});
export type LocationRecord = z.infer<typeof LocationRecordSchema>;

/** The `locations` read model and GET /api/admin/locations: the record, its rooms in order. */
export const LocationViewSchema = LocationRecordSchema.omit({ locationId: true }).extend({
  id: z.string(),
  rooms: z.array(RoomSchema),
  openedAt: z.string(),
});
export type LocationView = z.infer<typeof LocationViewSchema>;

/** GET /api/locations: what a visitor may read (never the office's notes). */
export type PublicLocation = Omit<LocationView, 'notes'>;
export const publicLocation = ({ notes: _notes, ...rest }: LocationView): PublicLocation => rest;

/** The admin writes' answer (the issue's `{ id, rooms }`) and the feed position to read from (?minPosition). */
export interface LocationWriteResult {
  id: string;
  rooms: Room[];
  position: string;
}

/** "5800 Legacy Drive, Suite 120, Plano, TX 75024": the line a workshop's `location` text was. */
export const addressLine = (a: LocationRecord['address']) =>
  `${[a.line1, a.line2, a.city].filter(Boolean).join(', ')}, ${a.state} ${a.postalCode}`;
