import type {
  AccountBooking,
  AccountChild,
  AccountExport,
  AccountSignature,
  AccountSuggestion,
  AccountView,
  WaiverStatus,
} from '../../contracts/account/api.js';
import { invitationEnds } from '../../contracts/account/api.js';
import { ageOn } from '../../contracts/account/age.js';
import { householdCreditStream } from '../../contracts/pricing/credit.js';
import { balanceOf } from '../pricing/balance-ledger.js';
import { familyCreditDecider } from '../pricing/credit-decider.js';
import type { EnrollmentHistory } from '../../contracts/admin/history.js';
import type { Order } from '../../contracts/enrollment/api.js';
import {
  CURRENT_WAIVERS,
  isCurrentSignature,
  WAIVER_DOCUMENTS,
  type WaiverTable,
} from '../../contracts/policies/waivers.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import { familyEnrollmentIds, shownTo } from '../../projections/account/family-bookings.js';
import type { HouseholdDoc, HouseholdSignatureEntry } from '../../projections/account/households.js';
import type { AppDeps } from '../core/deps.js';
import { bookingPath } from '../enrollment/after-sale/booking-link.js';
import type { Context } from 'hono';
import { familyOf, type Family } from './family-session.js';
import { sessionsOf } from './sessions.js';
import { bookingChildrenOffers, startingDetails } from './booking-children.js';

/** The e-mails a booking's history records as sent, and how the export names each. */
const EMAIL_EVENTS: Record<string, string> = {
  ConfirmationEmailSent: 'confirmation',
  ConfirmationEmailResent: 'confirmation (sent again)',
  ReminderSent: 'reminder',
  CustomerNotified: 'booking change',
  WorkshopMessageSent: 'message from the school',
};

const tableOf = (deps: AppDeps): WaiverTable => deps.waivers ?? CURRENT_WAIVERS;

/** Where each child stands with each document: the latest signature, and whether it counts now. */
export function waiverStatuses(
  signatures: readonly HouseholdSignatureEntry[],
  childId: string,
  table: WaiverTable,
  now: Date,
): WaiverStatus[] {
  return WAIVER_DOCUMENTS.map((document) => {
    const latest = signatures.filter((s) => s.childId === childId && s.document === document).at(-1);
    const inForce = table[document];
    return {
      document,
      title: inForce.title,
      version: inForce.version,
      signedVersion: latest?.version ?? null,
      signedName: latest?.signedName ?? null,
      signedAt: latest?.signedAt ?? null,
      current: latest ? isCurrentSignature({ ...latest, signedAt: latest.signedAt }, table, now) : false,
    };
  });
}

/** The family's bookings this parent sees (`shownTo`): made from the family, or by its parents as the contact. */
export async function bookingsOf(store: ReadStore, household: HouseholdDoc, parentId: string): Promise<Order[]> {
  const orders = await store.getMany<Order>('orders', await familyEnrollmentIds(store, household));
  return [...orders.values()].map((o) => o.doc).filter((o) => !o.test && shownTo(household, parentId, o));
}

const startOf = (o: Order) => (o.item.date ? Date.parse(o.item.date) : Number.POSITIVE_INFINITY);

/** A booking as the family page lists it, with its link at the booking's current version. */
async function bookingOf(deps: AppDeps, o: Order, now: number): Promise<AccountBooking> {
  return {
    enrollmentId: o.enrollmentId,
    workshopId: o.workshopId,
    orderId: o.orderId,
    title: o.item.title,
    date: o.item.date,
    time: o.item.time,
    location: o.item.location,
    status: o.status,
    paymentStatus: o.paymentStatus,
    amountCents: o.amountCents,
    refundedToCreditCents: o.refundedToCreditCents ?? 0,
    attendees: o.attendees,
    upcoming: startOf(o) > now,
    bookingPath: await bookingPath(deps, o.enrollmentId),
    payments: o.payments ?? [],
  };
}

/** Upcoming first, soonest first; then past ones, latest first. */
const byWhen = (a: AccountBooking, b: AccountBooking) => {
  if (a.upcoming !== b.upcoming) return a.upcoming ? -1 : 1;
  const da = a.date ? Date.parse(a.date) : Number.POSITIVE_INFINITY;
  const db = b.date ? Date.parse(b.date) : Number.POSITIVE_INFINITY;
  return a.upcoming ? da - db : db - da;
};

function signaturesOf(household: HouseholdDoc, table: WaiverTable, now: Date): AccountSignature[] {
  const names = new Map(household.children.map((c) => [c.id, c.name]));
  return household.signatures
    .map((s) => ({
      childId: s.childId,
      childName: names.get(s.childId) ?? '',
      document: s.document,
      title: table[s.document].title,
      version: s.version,
      signedName: s.signedName,
      signedAt: s.signedAt,
      current: isCurrentSignature(s, table, now),
    }))
    .reverse();
}

/**
 * The family page of the parent signed in on a page's request (the enroll form's saved children,
 * rendered by the server), or null for anyone else: read only, so the page's answer sets no cookie.
 */
export async function signedInAccountView(c: Context, deps: AppDeps): Promise<AccountView | null> {
  const family = await familyOf(c, deps, { readOnly: true });
  return family ? accountView(deps, family) : null;
}

/** `GET /api/account`: the family page. */
export async function accountView(deps: AppDeps, family: Family): Promise<AccountView> {
  const { household } = family;
  const now = deps.clock();
  const table = tableOf(deps);
  const children: AccountChild[] = household.children
    .filter((c) => c.removedAt === null)
    .map(({ addedAt: _added, removedAt: _removed, ...child }) => ({
      ...child,
      age: child.dateOfBirth ? ageOn(child.dateOfBirth, now) : null,
      waivers: waiverStatuses(household.signatures, child.id, table, now),
    }));
  const orders = await bookingsOf(deps.readStore, household, family.parentId);
  const credit = await deps.commands.state(familyCreditDecider, householdCreditStream(household.id));
  const bookingChildren = bookingChildrenOffers(household, orders, now);
  // A booking whose children were matched has given the family what it offered.
  const suggestions: AccountSuggestion[] = orders
    .filter(
      (o) =>
        o.saveToFamilyAccount &&
        !o.householdId &&
        !household.imported.includes(o.enrollmentId) &&
        !(household.matched ?? []).includes(o.enrollmentId),
    )
    .map((o) => ({
      enrollmentId: o.enrollmentId,
      title: o.item.title,
      submittedAt: o.submittedAt,
      names: o.attendees,
    }));
  return {
    householdId: household.id,
    you: { parentId: family.parentId, email: family.email },
    parents: household.parents
      .filter((p) => p.status !== 'removed')
      .map((p) => ({
        parentId: p.parentId,
        email: p.email,
        status: p.status === 'active' ? 'active' : 'invited',
        you: p.parentId === family.parentId,
        invitationEndsAt: p.status === 'invited' ? invitationEnds(p.since) : null,
      })),
    details: household.details,
    children,
    bookings: (await Promise.all(orders.map((o) => bookingOf(deps, o, now.getTime())))).sort(byWhen),
    signatures: signaturesOf(household, table, now),
    suggestions,
    bookingChildren,
    startingDetails: await startingDetails(deps, household, bookingChildren, orders),
    creditCents: Math.max(0, balanceOf(credit)),
    documents: WAIVER_DOCUMENTS.map((d) => {
      const { document, title, version, date, path } = table[d];
      return { document, title, version, date, path };
    }),
  };
}

/** `GET /api/account/export`: everything the school holds about the household. */
export async function accountExport(deps: AppDeps, family: Family): Promise<AccountExport> {
  const { household } = family;
  const now = deps.clock();
  const orders = await bookingsOf(deps.readStore, household, family.parentId);
  const histories = await deps.readStore.getMany<EnrollmentHistory>(
    'enrollment-history',
    orders.map((o) => o.enrollmentId),
  );
  const titles = new Map(orders.map((o) => [o.enrollmentId, o.item.title]));
  const bookingEmails = [...histories.values()].flatMap(({ doc }) =>
    doc.events
      .filter((e) => e.type in EMAIL_EVENTS)
      .map((e) => ({ kind: EMAIL_EVENTS[e.type]!, about: titles.get(doc.id) ?? doc.id, sentAt: e.at })),
  );
  return {
    exportedAt: now.toISOString(),
    household: { id: household.id, createdAt: household.createdAt },
    parents: household.parents.map(({ parentId, email, status, since }) => ({ parentId, email, status, since })),
    details: household.details,
    children: household.children,
    signatures: signaturesOf(household, tableOf(deps), now),
    bookings: orders,
    emails: [
      ...household.signInEmails.map((sentAt) => ({ kind: 'sign-in link', about: 'Your family page', sentAt })),
      ...bookingEmails,
    ].sort((a, b) => a.sentAt.localeCompare(b.sentAt)),
    signIns: household.signIns,
    sessions: await sessionsOf(deps, household.id),
  };
}
