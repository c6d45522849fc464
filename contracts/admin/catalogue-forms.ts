import { AGE_RANGE_POLICIES } from '../catalogue/age-range.js';
import { ImportedRatingsSchema } from '../catalogue/program.js';
import { z } from 'zod';
import { WorkshopCategorySchema, type WorkshopCategory } from '../catalogue/workshop.js';
import { WALL_TIME } from '../catalogue/workshop-time.js';
import { MAX_PARTICIPANTS } from '../enrollment/form.js';
import { MAX_INSTALLMENTS, MIN_INSTALLMENTS } from '../catalogue/payment-plan.js';
import type { FormValues } from '../core/form-values.js';
import { multiLineText, oneLineText } from '../core/text.js';

/** Money as the forms enter it: whole cents (step 0.01), never negative. */
const price = z
  .number({ error: 'Price is required.' })
  .nonnegative('Price cannot be negative.')
  .max(100_000, 'Price must be at most 100,000.')
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Price must be in whole cents (step 0.01).');

const text = (label: string, max: number) =>
  oneLineText(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
/** Descriptions keep their line breaks. */
const area = (label: string, max: number) =>
  multiLineText(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** A text the administrator may leave empty ('' clears it). */
const optionalLine = (label: string, max: number) =>
  oneLineText(label).trim().max(max, `${label} must be at most ${max} characters.`);
const optionalArea = (label: string, max: number) =>
  multiLineText(label).trim().max(max, `${label} must be at most ${max} characters.`);

/**
 * An image shipped with the site ("/images/...") or an https address; anything else (javascript:,
 * data:) is refused because the public pages put it in an <img src>.
 */
const image = oneLineText('Image')
  .trim()
  .max(300, 'Image must be at most 300 characters.')
  .refine(
    (v) => v === '' || v.startsWith('/') || v.startsWith('https://'),
    'Image must be a site path (/images/...) or an https:// address.',
  )
  .optional();

/** POST and PUT /api/admin/programs: the specification's program form. */
export const AdminProgramInputSchema = z.object({
  title: text('Title', 200),
  description: area('Description', 2000),
  category: text('Category', 60),
  price,
  image,
});
export type AdminProgramInput = z.infer<typeof AdminProgramInputSchema>;

/** A program's stars and count are computed (issue 40): a body that types them is refused, naming the field. */
const computedFigure = (field: 'rating' | 'reviews') =>
  z
    .undefined({
      error: `${field === 'rating' ? 'The rating' : 'The number of reviews'} is computed from the reviews families publish after attending, so it cannot be typed. The owner may set an imported baseline with its source (importedRatings).`,
    })
    .optional();

/**
 * POST and PUT /api/admin/programs as the API takes them: the form, and the owner's imported
 * baseline (`importedRatings`: set with its source, null to clear, absent to keep).
 */
export const AdminProgramRequestSchema = AdminProgramInputSchema.extend({
  importedRatings: ImportedRatingsSchema.nullable().optional(),
  rating: computedFigure('rating'),
  reviews: computedFigure('reviews'),
});
export type AdminProgramRequest = z.infer<typeof AdminProgramRequestSchema>;
/** The program form's values; a price not yet entered is NaN (react-aria NumberField). */
export type AdminProgramValues = FormValues<typeof AdminProgramInputSchema>;
export const EMPTY_PROGRAM_FORM: AdminProgramValues = {
  title: '',
  description: '',
  category: '',
  price: Number.NaN,
  image: '',
};

export const ADMIN_YEAR_MIN = 1900;
export const ADMIN_YEAR_MAX = 2200;
const DATE_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}(:\d{2})?)?$/;

/**
 * The date as the form sends it: an instant with its offset, or a wall-clock time
 * ("2025-06-07T12:30") that is read in the school's time zone. The year is kept to 1900-2200 and
 * an offset to whole minutes: before 1883 the school's zone ran on local mean time, whose offset
 * has seconds that no stored date may carry.
 */
const dateTimeProblem = (label: string, value: string): string | null => {
  const m = DATE_TIME.exec(value);
  return !m
    ? `${label} must look like 2025-06-07T12:30.`
    : m[3]
      ? `${label} must have a UTC offset in whole minutes, e.g. -05:00.`
      : Number(m[1]) < ADMIN_YEAR_MIN || Number(m[1]) > ADMIN_YEAR_MAX
        ? `${label} must be in a year from ${ADMIN_YEAR_MIN} to ${ADMIN_YEAR_MAX}.`
        : null;
};

export const AdminDateTimeSchema = z
  .string({ error: 'Date and time is required.' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = dateTimeProblem('Date and time', value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The optional closing time: '' (or absent) means enrollment closes when the workshop starts. */
const closesAt = z
  .string({ error: 'Enrollment closes must be text.' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : dateTimeProblem('Enrollment closes', value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** One row of the workshop's additional information, e.g. { label: 'Menu', value: 'Three courses' }. */
export const AdminInfoPairSchema = z.object({
  label: oneLineText('Label', { error: 'Label is required.' })
    .trim()
    .min(1, 'Label is required.')
    .max(100, 'Label must be at most 100 characters.'),
  value: multiLineText('Value', { error: 'Value is required.' })
    .trim()
    .min(1, 'Value is required.')
    .max(1000, 'Value must be at most 1,000 characters.'),
});
export type AdminInfoPair = z.infer<typeof AdminInfoPairSchema>;
export const MAX_INFO_PAIRS = 30;

/** One group price row of the workshop form. */
export const AdminPriceTierSchema = z.object({
  participants: z
    .number({ error: 'Participants is required.' })
    .int('Participants must be a whole number.')
    .min(2, 'A group price is for 2 or more participants.')
    .max(
      MAX_PARTICIPANTS,
      `A group price is for at most ${MAX_PARTICIPANTS} participants (the most one enrollment takes).`,
    ),
  totalPrice: price,
});
export type AdminPriceTier = z.infer<typeof AdminPriceTierSchema>;

/**
 * Group prices: one per participant count, each lower than paying per person (otherwise it would
 * never apply). Messages name the row ("Group price 2: ...") since they are shown under the list.
 */
const priceTiers = z
  .array(AdminPriceTierSchema)
  .max(MAX_PARTICIPANTS - 1, 'At most one group price per participant count.');

/** An empty number field holds NaN: the same as null, "no cap of its own". */
const freeSeatsCap = z
  .union([
    z.nan().transform(() => null),
    z
      .number({ error: 'Free seats per family must be a whole number.' })
      .int('Free seats per family must be a whole number.')
      .min(1, 'Free seats per family must be at least 1 (leave it empty for the usual limit).')
      .max(10_000, 'Free seats per family must be at most 10,000.'),
  ])
  .nullable()
  .optional();

/** A whole number the form may leave empty (NaN, or null: none of its own). */
const optionalWhole = (label: string, min: number, max: number, rule: string) =>
  z
    .union([
      z.nan().transform(() => null),
      z
        .number({ error: `${label} must be a whole number.` })
        .int(`${label} must be a whole number.`)
        .min(min, rule)
        .max(max, `${label} must be at most ${max.toLocaleString('en-US')}.`),
    ])
    .nullable()
    .optional();

/**
 * An instalment plan as the form sends it (issue 43): null (or an empty instalments field) for
 * none; absent, an edit keeps what the workshop has.
 */
const paymentPlan = z
  .object({
    installments: z
      .number({ error: 'Instalments must be a whole number from 2 to 6.' })
      .int('Instalments must be a whole number from 2 to 6.')
      .min(MIN_INSTALLMENTS, `Instalments must be at least ${MIN_INSTALLMENTS} (leave it empty for no plan).`)
      .max(MAX_INSTALLMENTS, `Instalments must be at most ${MAX_INSTALLMENTS}.`),
    lastDueDaysBefore: z
      .number({ error: 'Last instalment days before must be a whole number of days.' })
      .int('Last instalment days before must be a whole number of days.')
      .min(0, 'Last instalment days before cannot be negative.')
      .max(365, 'Last instalment days before must be at most 365.'),
  })
  .strict()
  .nullable()
  .optional();

/**
 * Pay by invoice (issue 39 item 6): organizations may book `minSeats` or more at once from the
 * enroll page and get an invoice. null for card only; absent, an edit keeps what the workshop has.
 */
const invoiceCheckout = z
  .object({
    minSeats: z
      .number({ error: 'Invoice minimum seats must be a whole number of seats.' })
      .int('Invoice minimum seats must be a whole number of seats.')
      .min(1, 'Invoice minimum seats must be at least 1.')
      .max(500, 'Invoice minimum seats must be at most 500.'),
  })
  .strict()
  .nullable()
  .optional();

/**
 * The category as the form's select holds it: '' until one is chosen. Nothing chosen is "required";
 * a value outside the list keeps the enum's own message, which lists the allowed ones.
 */
const category = z.preprocess(
  (v: WorkshopCategory | '' | undefined) => (v === '' ? undefined : v),
  z.enum(WorkshopCategorySchema.options, {
    error: (issue) => (issue.input === undefined ? 'Category is required.' : undefined),
  }),
);

/** One session as the form sends it: its start and end, each a date and time (wall clock on the school's, or with an offset). */
const sessionTime = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .superRefine((value, ctx) => {
      const problem = dateTimeProblem(label, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
export const AdminSessionSchema = z.object({ startsAt: sessionTime('Starts'), endsAt: sessionTime('Ends') });
export type AdminSession = z.infer<typeof AdminSessionSchema>;
export const MAX_ADMIN_SESSIONS = 20;

/** The course's late joining: join until session K starts (2-20), or null (an empty field) for none. */
const lateJoin = z
  .union([
    z.nan().transform(() => null),
    z
      .number({ error: 'Late joining must be a session number.' })
      .int('Late joining must be a whole session number.')
      .min(2, 'Late joining is until session 2 or later (leave it empty to close at the first session).')
      .max(MAX_ADMIN_SESSIONS, `Late joining is until session ${MAX_ADMIN_SESSIONS} at most.`),
  ])
  .nullable()
  .optional();

const workshopFields = z.object({
  title: text('Title', 200),
  description: area('Description', 2000),
  category,
  /** The start; with `sessions`, the first session's start (then it may be left out). */
  date: AdminDateTimeSchema.optional(),
  /**
   * Added with courses: the dated sessions (1-20, in order, not overlapping). Absent (the
   * specification's client), a new workshop is one session from `date` and `endTime`, and an edit
   * keeps the course's sessions, moved with its date.
   */
  sessions: z
    .array(AdminSessionSchema)
    .min(1, 'A workshop needs at least one session.')
    .max(MAX_ADMIN_SESSIONS, `A course has at most ${MAX_ADMIN_SESSIONS} sessions.`)
    .optional(),
  /** The program it is an offering of ('' clears; absent keeps). */
  programId: z
    .string({ error: 'Program must be a program id.' })
    .trim()
    .regex(/^([A-Za-z0-9_-]{1,64})?$/, 'Program must be a program id.')
    .optional(),
  lateJoinUntilSession: lateJoin,
  /**
   * When it ends, on the start's day ("14:00"): the form asks the start and the end once each, and
   * the server derives `time`, the text the schedule shows, from them. The specification's client
   * sends `time` instead (then required, and kept as written).
   */
  endTime: z
    .string({ error: 'End time must be a time of day, e.g. 14:00.' })
    .trim()
    .refine((v) => v === '' || WALL_TIME.test(v), 'End time must be a time of day, e.g. 14:00.')
    .optional(),
  time: optionalLine('Time', 100).optional(),
  /** The place as text; with a `locationId` it may be left out (the location's address is written). */
  location: text('Location', 300).optional(),
  /**
   * Issue 41: the location it is held at, its room and an off-site venue line. Absent, an edit keeps
   * what the workshop has; '' clears. A room needs its location.
   */
  locationId: z
    .string({ error: 'Location must be a location id.' })
    .trim()
    .regex(/^([A-Za-z0-9_-]{1,64})?$/, 'Location must be a location id.')
    .optional(),
  roomId: z
    .string({ error: 'Room must be a room id.' })
    .trim()
    .regex(/^([A-Za-z0-9_-]{1,64})?$/, 'Room must be a room id.')
    .optional(),
  venue: optionalLine('Venue', 300).optional(),
  price,
  capacity: z
    .number({ error: 'Capacity is required.' })
    .int('Capacity must be a whole number.')
    .positive('Capacity must be at least 1.')
    .max(10_000, 'Capacity must be at most 10,000.'),
  /**
   * Added beyond the specification: the closing time ('' = at the start) and the group prices. Absent
   * (the specification's client), an edit keeps what the workshop has.
   */
  enrollmentClosesAt: closesAt.optional(),
  priceTiers: priceTiers.optional(),
  /**
   * Free seats one family (client address, e-mail) may take in this workshop. Absent, an edit keeps
   * what the workshop has; null (an empty field) gives it back the site's MAX_FREE_SEATS_PER_CLIENT.
   */
  maxFreeSeatsPerClient: freeSeatsCap,
  /**
   * A deposit per participant in cents (issue 27): parents pay it to book and the rest by
   * `balanceDueDaysBefore` days before the start (default 14). Absent, an edit keeps what the
   * workshop has; null (an empty field) or 0 takes the whole price at once.
   */
  depositCents: optionalWhole('Deposit', 0, 10_000_000, 'Deposit cannot be negative.'),
  balanceDueDaysBefore: optionalWhole('Balance due days before', 0, 180, 'Balance due days before cannot be negative.'),
  /** Instalments on a saved card (issue 43): a workshop takes a deposit or a plan, not both. */
  paymentPlan,
  invoiceCheckout,
  /**
   * The rest of the workshop record (the seed has them; the specification's form does not). Absent,
   * an edit keeps what the workshop has; '' (or [] for the information rows) clears it.
   */
  instructor: optionalLine('Instructor', 200).optional(),
  /**
   * The instructor record who teaches it (issue 38): its name becomes the `instructor` text. Absent,
   * an edit keeps it; '' clears it (the text stays as sent).
   */
  instructorId: z
    .string({ error: 'Instructor must be an instructor id.' })
    .regex(/^([A-Za-z0-9_-]{1,64})?$/, 'Instructor must be an instructor id.')
    .optional(),
  duration: optionalLine('Duration', 100).optional(),
  ageRange: optionalLine('Age range', 60).optional(),
  /** An age outside the range: `warn` the parent (absent in a new workshop) or `refuse` the enrollment. */
  ageRangePolicy: z.enum(AGE_RANGE_POLICIES, { error: 'ageRangePolicy must be "warn" or "refuse".' }).optional(),
  attire: optionalLine('Attire', 200).optional(),
  longDescription: optionalArea('Long description', 10_000).optional(),
  additionalInfo: z
    .array(AdminInfoPairSchema)
    .max(MAX_INFO_PAIRS, `At most ${MAX_INFO_PAIRS} rows of additional information.`)
    .optional(),
  note: optionalLine('Note', 300).optional(),
});

type WorkshopFields = z.output<typeof workshopFields>;
const hasOffset = (value: string) => /(Z|[+-]\d{2}:\d{2}(:\d{2})?)$/i.test(value);

/** The checks across fields: tiers against the price, the closing time against the start. */
function checkWorkshop(w: WorkshopFields, ctx: z.RefinementCtx): void {
  const seen = new Set<number>();
  (w.priceTiers ?? []).forEach((tier, i) => {
    const row = `Group price ${i + 1}`;
    const perPerson = Math.round(w.price * 100) * tier.participants;
    if (seen.has(tier.participants))
      ctx.addIssue({
        code: 'custom',
        path: ['priceTiers', i, 'participants'],
        message: `${row}: there is already a price for ${tier.participants} participants.`,
      });
    else if (Math.round(tier.totalPrice * 100) >= perPerson)
      ctx.addIssue({
        code: 'custom',
        path: ['priceTiers', i, 'totalPrice'],
        message: `${row}: the total for ${tier.participants} must be less than ${tier.participants} x the price ($${(perPerson / 100).toFixed(2)}).`,
      });
    seen.add(tier.participants);
  });
  const labels = new Set<string>();
  (w.additionalInfo ?? []).forEach((pair, i) => {
    const label = pair.label.toLowerCase();
    if (labels.has(label))
      ctx.addIssue({
        code: 'custom',
        path: ['additionalInfo', i, 'label'],
        message: `Additional information ${i + 1}: "${pair.label}" is already a label.`,
      });
    labels.add(label);
  });
  if (w.sessions) checkSessions(w.sessions, ctx);
  if (w.lateJoinUntilSession != null && w.lateJoinUntilSession > (w.sessions?.length ?? 1))
    ctx.addIssue({
      code: 'custom',
      path: ['lateJoinUntilSession'],
      message: `Late joining is until a session the course has (it has ${w.sessions?.length ?? 1}).`,
    });
  if (!w.location && !w.locationId)
    ctx.addIssue({ code: 'custom', path: ['location'], message: 'Location is required.' });
  if (w.roomId && w.locationId === '')
    ctx.addIssue({ code: 'custom', path: ['roomId'], message: 'A room needs its location (locationId).' });
  const date = w.date ?? w.sessions?.[0]?.startsAt;
  if (date === undefined) {
    ctx.addIssue({ code: 'custom', path: ['date'], message: 'Date and time is required.' });
    return;
  }
  if (!w.sessions && !w.endTime && !w.time)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time is required.' });
  if (w.depositCents && Number.isFinite(w.price) && w.depositCents >= Math.round(w.price * 100))
    ctx.addIssue({
      code: 'custom',
      path: ['depositCents'],
      message: 'Deposit must be less than the price (leave it empty to take the whole price at once).',
    });
  if (w.paymentPlan && w.depositCents)
    ctx.addIssue({
      code: 'custom',
      path: ['paymentPlan'],
      message: 'A workshop takes a deposit or an instalment plan, not both (leave the deposit empty).',
    });
  // The end on the start's day: after it (a wall-clock start compares as text, as the closing time).
  const startWall = hasOffset(date) ? null : date.slice(11, 16);
  if (w.endTime && startWall && w.endTime <= startWall)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after the start.' });
  // Both wall-clock values on the school's clock (the form's case) compare as text; with offsets the
  // server compares the instants (service/admin/catalogue-commands.ts).
  const closes = w.enrollmentClosesAt;
  if (closes && !hasOffset(closes) && !hasOffset(date) && closes > date)
    ctx.addIssue({
      code: 'custom',
      path: ['enrollmentClosesAt'],
      message: 'Enrollment closes must be before the workshop starts (leave it empty to close at the start).',
    });
}

/**
 * Sessions written on the school's wall clock compare as text (the form's case), each problem
 * naming its session ("Session 3 ends before it starts."); with offsets the server compares the
 * instants (contracts/catalogue/sessions.ts).
 */
function checkSessions(sessions: AdminSession[], ctx: z.RefinementCtx): void {
  const wall = (v: string) => (hasOffset(v) ? null : v.length === 16 ? `${v}:00` : v);
  sessions.forEach((s, i) => {
    const [start, end] = [wall(s.startsAt), wall(s.endsAt)];
    if (start && end && end <= start)
      ctx.addIssue({
        code: 'custom',
        path: ['sessions', i, 'endsAt'],
        message: `Session ${i + 1} ends before it starts.`,
      });
    const before = sessions[i - 1];
    const beforeEnd = before ? wall(before.endsAt) : null;
    if (start && beforeEnd && start < beforeEnd)
      ctx.addIssue({
        code: 'custom',
        path: ['sessions', i, 'startsAt'],
        message: `Session ${i + 1} starts before session ${i} ends.`,
      });
  });
}

/** The specification's workshop form, as the administrator fills it in. */
export const AdminWorkshopFormSchema = workshopFields.superRefine(checkWorkshop);
/** The workshop form's values; price and capacity not yet entered are NaN. */
export type AdminWorkshopValues = FormValues<typeof AdminWorkshopFormSchema>;
export const EMPTY_WORKSHOP_FORM: AdminWorkshopValues = {
  title: '',
  description: '',
  category: '',
  date: '',
  sessions: [],
  programId: '',
  lateJoinUntilSession: Number.NaN,
  endTime: '',
  time: '',
  location: '',
  locationId: '',
  roomId: '',
  venue: '',
  price: Number.NaN,
  capacity: Number.NaN,
  enrollmentClosesAt: '',
  priceTiers: [],
  maxFreeSeatsPerClient: Number.NaN,
  depositCents: Number.NaN,
  balanceDueDaysBefore: Number.NaN,
  paymentPlan: null,
  invoiceCheckout: null,
  instructor: '',
  instructorId: '',
  duration: '',
  ageRange: '',
  ageRangePolicy: 'warn',
  attire: '',
  longDescription: '',
  additionalInfo: [],
  note: '',
};

/** POST and PUT /api/admin/workshops: the form's fields, as the specification sends them. */
export const AdminWorkshopInputSchema = workshopFields
  .extend({
    /**
     * Sent by the specification's form; ignored. Spots remaining follow from capacity and the seats
     * that enrollments hold, so an administrator cannot make them disagree.
     */
    spotsRemaining: z.number().optional(),
  })
  .superRefine(checkWorkshop);
export type AdminWorkshopInput = z.infer<typeof AdminWorkshopInputSchema>;

/** What the admin catalogue writes answer: the record's id and the feed position to wait for. */
export const AdminWriteResultSchema = z.object({ id: z.string(), position: z.string() });
export type AdminWriteResult = z.infer<typeof AdminWriteResultSchema>;

/**
 * GET /api/admin/workshops/{id}/bookings: the bookings a change of the workshop's date, time or
 * place moves (the form says so before it is saved). Every pending (paid or not) and confirmed
 * enrollment in the workshop follows such a change; each confirmed one's parent is e-mailed it.
 */
export const WorkshopBookingsSchema = z.object({
  workshopId: z.string(),
  /** Enrollments holding or owning seats in the workshop now. */
  bookings: z.number().int().nonnegative(),
  /** Their participants. */
  participants: z.number().int().nonnegative(),
  /** Of the bookings, the confirmed ones: each of these parents is e-mailed the change. */
  confirmed: z.number().int().nonnegative(),
});
export type WorkshopBookings = z.infer<typeof WorkshopBookingsSchema>;
