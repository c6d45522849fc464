import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  MatchBookingChildrenRequestSchema,
  type AccountBookingChildren,
  type AccountView,
} from '../../contracts/account/api.js';
import { schoolDayOf } from '../../contracts/account/age.js';
import type { ChildData } from '../../contracts/account/child.js';
import { householdStream } from '../../contracts/account/events.js';
import { EMPTY_HOUSEHOLD_DETAILS, type HouseholdDetails } from '../../contracts/account/household.js';
import type { Order } from '../../contracts/enrollment/api.js';
import { EnrollmentIdSchema, enrollmentStream, itemSessions } from '../../contracts/enrollment/events.js';
import {
  participantDetailsOf,
  participantName,
  type ParticipantDetail,
} from '../../contracts/enrollment/participants.js';
import { shownTo } from '../../projections/account/family-bookings.js';
import type { HouseholdDoc } from '../../projections/account/households.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import type { AppDeps } from '../core/deps.js';
import { notFound, validationError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { requireFamily, type Family } from './family-session.js';
import { householdDecider } from './household-decider.js';

/*
 * The family record joined up (issue 37): a booking on the family page that the family did not
 * make with its saved children (typed as a guest, or before the account existed) offers its
 * children to be matched to the saved ones, and the family's blank details to start from it. A
 * parent confirms; nothing is matched unasked (record 021: anybody can type anybody's address).
 */

const NO_SUCH_BOOKING = 'We could not find that booking’s children on your family page.';
/** What the family page, a roster and the enrollment in full read next wait for. */
const SHOWN_IN = ['households', 'roster', 'enrollments'];

/** Names compared as people write them: spaces and letter case aside. */
const nameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Still booked, and its last session's day not past: what a roster will read. */
const stillAhead = (o: Order, now: Date) => {
  const last = itemSessions(o.item).at(-1)?.startsAt ?? o.item.date;
  return (o.status === 'pending' || o.status === 'completed') && !!last && schoolDayOf(last) >= schoolDayOf(now);
};

/** A booking whose children nobody matched yet and that none of the family's saved children was enrolled in. */
const unmatched = (household: HouseholdDoc, o: { enrollmentId: string }, details: readonly ParticipantDetail[]) =>
  !(household.matched ?? []).includes(o.enrollmentId) && details.length > 0 && details.every((p) => !p.childId);

/**
 * The family page's offers: each booking shown to this parent that is still ahead and whose
 * children are unmatched, soonest first, each child with the saved child of the same name (the
 * page proposes it; the parent confirms or changes it).
 */
export function bookingChildrenOffers(household: HouseholdDoc, orders: Order[], now: Date): AccountBookingChildren[] {
  const saved = household.children.filter((c) => c.removedAt === null);
  return orders
    .filter((o) => stillAhead(o, now) && unmatched(household, o, o.participantDetails ?? []))
    .sort((a, b) => (a.item.date ?? '').localeCompare(b.item.date ?? ''))
    .map((o) => ({
      enrollmentId: o.enrollmentId,
      title: o.item.title,
      date: o.item.date,
      children: (o.participantDetails ?? [])
        .map((p, i) => ({ p, i }))
        .filter(({ i }) => !o.leftParticipants?.some((l) => l.participant === i))
        .map(({ p, i }) => {
          const name = participantName(p, i, o.contactName);
          return {
            participant: i,
            name,
            age: p.age,
            sameNameAs: saved.find((c) => nameKey(c.name) === nameKey(name))?.id ?? null,
          };
        }),
    }));
}

const isBlank = (d: HouseholdDetails) =>
  (Object.keys(EMPTY_HOUSEHOLD_DETAILS) as (keyof HouseholdDetails)[]).every((k) =>
    Array.isArray(d[k]) ? d[k].length === 0 : String(d[k]).trim() === '',
  );

/** What a booking's form gave of the family's own details (its pick-up list is the family's to write). */
const detailsOfForm = (f: Omit<HouseholdDetails, 'pickupAdults'>): HouseholdDetails => ({
  firstName: f.firstName,
  lastName: f.lastName,
  phone: f.phone,
  parent2Name: f.parent2Name,
  parent2Email: f.parent2Email,
  parent2Phone: f.parent2Phone,
  emergencyContact1Name: f.emergencyContact1Name,
  emergencyContact1Phone: f.emergencyContact1Phone,
  emergencyContact1Relationship: f.emergencyContact1Relationship,
  emergencyContact2Name: f.emergencyContact2Name,
  emergencyContact2Phone: f.emergencyContact2Phone,
  emergencyContact2Relationship: f.emergencyContact2Relationship,
  pickupAdults: [],
});

/**
 * While the family's details are blank: those the parent gave at the newest booking offered, from
 * the `enrollments` read model, for the details form to start from. Null otherwise.
 */
export async function startingDetails(
  deps: AppDeps,
  household: HouseholdDoc,
  offers: AccountBookingChildren[],
  orders: Order[],
): Promise<AccountView['startingDetails']> {
  if (!isBlank(household.details) || offers.length === 0) return null;
  const offered = new Set(offers.map((o) => o.enrollmentId));
  const newest = orders
    .filter((o) => offered.has(o.enrollmentId))
    .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))[0]!;
  const row = (await deps.readStore.get<EnrollmentRowDoc>('enrollments', newest.enrollmentId))?.doc;
  if (!row?.contact) return null;
  return {
    title: newest.item.title,
    details: detailsOfForm({ ...row.contact, firstName: row.firstName, lastName: row.lastName }),
  };
}

/** A child saved from what a booking gave of them (no date of birth: the family adds it). */
const childFrom = (p: ParticipantDetail, name: string): ChildData => ({
  name,
  dateOfBirth: null,
  grade: p.grade,
  school: p.school,
  hasDietaryRestrictions: p.hasDietaryRestrictions,
  dietaryRestrictions: p.dietaryRestrictions,
  medicalNotes: '',
  photographyConsent: p.photographyConsent,
  allowNameWithPhoto: p.allowNameWithPhoto,
  photographyOptOut: p.photographyOptOut,
});

/** The booking's children and form, when this parent may match them: it is on their family page and unmatched. */
async function offeredBooking(deps: AppDeps, family: Family, enrollmentId: string) {
  const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
  const submission = state.submission;
  if (!submission || submission.test) throw notFound(NO_SUCH_BOOKING);
  const { form, submittedAt, householdId } = submission;
  const booked = state.status === 'pending' || state.status === 'paid' || state.status === 'confirmed';
  const shown = shownTo(family.household, family.parentId, {
    enrollmentId,
    email: form.email,
    submittedAt,
    ...(householdId ? { householdId } : {}),
  });
  const details = participantDetailsOf(form);
  if (!booked || !shown || !details.every((p) => !p.childId)) throw notFound(NO_SUCH_BOOKING);
  return { form, details };
}

/** Every index the request names is a child of the booking: else 400 naming the field. */
function checkIndexes(body: z.output<typeof MatchBookingChildrenRequestSchema>, count: number) {
  const named: [string, number][] = [
    ...body.matches.map((m, i): [string, number] => [`matches.${i}.participant`, m.participant]),
    ...body.add.map((p, i): [string, number] => [`add.${i}`, p]),
  ];
  const wrong = named.find(([, p]) => p >= count);
  if (!wrong) return;
  const message = `this booking has ${count} ${count === 1 ? 'child' : 'children'} (0 to ${count - 1}).`;
  throw validationError(`${wrong[0]}: ${message}`, [{ path: wrong[0], message }]);
}

const ParamSchema = z.object({ enrollmentId: EnrollmentIdSchema });

/**
 * POST /account/bookings/:enrollmentId/children `{ matches: [{ participant, childId }], add: [participant] }`:
 * the signed-in parent says which children of a booking on their family page are the family's.
 * Decided on `household-<id>`: new children saved from the booking, blank details filled from
 * its form, and `BookingChildrenMatched`; 404 for a booking not theirs to match, 409 once matched.
 */
export function bookingChildrenRoutes(deps: AppDeps, limited: MiddlewareHandler): Hono {
  const app = new Hono();
  app.post(
    '/account/bookings/:enrollmentId/children',
    limited,
    requireFamily(deps),
    validate('param', ParamSchema),
    validate('json', MatchBookingChildrenRequestSchema),
    async (c) => {
      const family = c.get('family');
      const { enrollmentId } = c.req.valid('param');
      const body = c.req.valid('json');
      const { form, details } = await offeredBooking(deps, family, enrollmentId);
      checkIndexes(body, details.length);
      const contact = `${form.firstName} ${form.lastName}`.trim();
      const handled = await deps.commands.handle(
        householdDecider,
        householdStream(family.householdId),
        {
          type: 'MatchBookingChildren',
          enrollmentId,
          matches: body.matches,
          added: body.add.map((participant) => ({
            participant,
            childId: deps.newId(),
            child: childFrom(details[participant]!, participantName(details[participant]!, participant, contact)),
          })),
          details: detailsOfForm(form),
          by: family.parentId,
          at: deps.clock().toISOString(),
        },
        requestMetadata(c, deps, 'visitor'),
      );
      if (handled.position !== null) await deps.projections.waitFor(handled.position, SHOWN_IN, 2_000);
      deps.log.info('booking children matched', {
        householdId: family.householdId,
        enrollmentId,
        matched: body.matches.length,
        added: body.add.length,
      });
      return c.json({ position: (handled.position ?? (await deps.eventStore.headPosition())).toString() });
    },
  );
  return app;
}
