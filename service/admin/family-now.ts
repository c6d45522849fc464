import { ageAtWorkshop, schoolDayOf } from '../../contracts/account/age.js';
import { pickupListOf } from '../../contracts/account/household.js';
import type { RosterPickupAdult, RosterWaiver } from '../../contracts/admin/roster.js';
import type { ParticipantDetail } from '../../contracts/enrollment/participants.js';
import {
  isCurrentSignature,
  WAIVER_DOCUMENTS,
  type EnrolledWaiver,
  type WaiverTable,
} from '../../contracts/policies/waivers.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { savedChildKey, type HouseholdDoc, type SavedChildDoc } from '../../projections/account/households.js';

/**
 * The families behind a set of bookings, as they are now: the households that enrolled their saved
 * children, and those children, read by id (two lookups whatever the number of bookings).
 */
export interface FamiliesNow {
  households: Map<string, HouseholdDoc>;
  children: Map<string, SavedChildDoc>;
}

export async function familiesNow(
  store: ReadStore,
  bookings: { householdId?: string; participants: ParticipantDetail[] }[],
): Promise<FamiliesNow> {
  const householdIds = [...new Set(bookings.flatMap((b) => (b.householdId ? [b.householdId] : [])))];
  const childIds = [...new Set(bookings.flatMap((b) => b.participants.flatMap((p) => (p.childId ? [p.childId] : []))))];
  const [households, children] = await Promise.all([
    store.getMany<HouseholdDoc>('households', householdIds),
    store.getMany<SavedChildDoc>('households', childIds.map(savedChildKey)),
  ]);
  return {
    households: new Map([...households.values()].map((h) => [h.id, h.doc])),
    children: new Map([...children.values()].map((c) => [c.doc.id.slice('child:'.length), c.doc])),
  };
}

/** A workshop not yet past (its day on the school's calendar is today or later) reads the family as it is now. */
export const readsFamilyNow = (workshopDate: string | null | undefined, now: Date) =>
  !workshopDate || schoolDayOf(workshopDate) >= schoolDayOf(now);

/**
 * A participant as the family keeps the child now (a later allergy, a new school), with the age at
 * the workshop from the date of birth; as enrolled when the child was removed from the family or
 * the booking was typed by hand.
 */
export function participantNow(
  detail: ParticipantDetail,
  families: FamiliesNow,
  workshopDate: string | null | undefined,
): ParticipantDetail {
  const saved = detail.childId ? families.children.get(detail.childId) : undefined;
  if (!saved || saved.removed) return detail;
  const { child } = saved;
  return {
    ...detail,
    name: child.name,
    grade: child.grade,
    school: child.school,
    hasDietaryRestrictions: child.hasDietaryRestrictions,
    dietaryRestrictions: child.dietaryRestrictions,
    photographyConsent: child.photographyConsent,
    allowNameWithPhoto: child.allowNameWithPhoto,
    photographyOptOut: child.photographyOptOut,
    medicalNotes: child.medicalNotes,
    ...(child.dateOfBirth
      ? {
          dateOfBirth: child.dateOfBirth,
          age: workshopDate ? ageAtWorkshop(child.dateOfBirth, { date: workshopDate }) : detail.age,
        }
      : {}),
  };
}

/** Who may collect the children of a booking: the household's parents and pick-up list, or the booking's own parents. */
export function pickupAdultsOf(
  booking: {
    householdId?: string;
    parent: { name: string; phone: string };
    secondParent: { name: string; phone: string } | null;
  },
  families: FamiliesNow,
): RosterPickupAdult[] {
  const household = booking.householdId ? families.households.get(booking.householdId) : undefined;
  if (household) return pickupListOf(household.details);
  return [
    ...(booking.parent.name
      ? [{ name: booking.parent.name, relationship: 'Parent', phone: booking.parent.phone }]
      : []),
    ...(booking.secondParent?.name
      ? [{ name: booking.secondParent.name, relationship: 'Parent', phone: booking.secondParent.phone }]
      : []),
  ];
}

/**
 * A participant's signatures: the family's latest for a saved child (so one signed since the
 * booking counts), else those the booking recorded; each current for the version in force and
 * this school year.
 */
export function waiversOf(
  booking: { householdId?: string; waivers?: EnrolledWaiver[] },
  participant: number,
  detail: ParticipantDetail,
  families: FamiliesNow,
  table: WaiverTable,
  now: Date,
): RosterWaiver[] {
  const household = booking.householdId ? families.households.get(booking.householdId) : undefined;
  return WAIVER_DOCUMENTS.map((document) => {
    const fromFamily =
      household && detail.childId
        ? household.signatures.filter((s) => s.childId === detail.childId && s.document === document).at(-1)
        : undefined;
    const fromBooking = booking.waivers?.filter((w) => w.participant === participant && w.document === document).at(-1);
    const signature = fromFamily ?? fromBooking;
    return {
      document,
      title: table[document].title,
      signedName: signature?.signedName ?? null,
      signedAt: signature?.signedAt ?? null,
      version: signature?.version ?? null,
      current: signature
        ? isCurrentSignature({ document, version: signature.version, signedAt: signature.signedAt }, table, now)
        : false,
    };
  });
}
