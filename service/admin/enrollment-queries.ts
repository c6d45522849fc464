import type { AdminEnrollmentDetail, AdminEnrollmentRecord, TrackerTab } from '../../contracts/admin/enrollments.js';
import type { FieldValue, Query, ReadStore } from '../../platform/readstore/port.js';
import {
  ENROLLMENT_SEARCH_FIELDS,
  ORDER_SEARCH_FIELDS,
  type EnrollmentRowDoc,
} from '../../projections/admin/enrollments.js';
import { emailKeyOf, type EnrollmentEmailDoc } from '../../projections/admin/enrollment-emails.js';
import { equals } from '../../platform/readstore/query.js';
import type { PageWindow } from './paging.js';
import { familiesNow, participantNow, readsFamilyNow } from './family-now.js';
import type { Order } from '../../contracts/enrollment/api.js';
import { placeShare } from '../../contracts/enrollment/left-participants.js';

/**
 * Each tab is a filter on the row. Unpaid is what still owes money: held (pending) and not paid,
 * whether no payment came yet or a card was declined; never an enrollment that ended (expired,
 * cancelled, refunded: the Cancelled tab) nor a free one.
 */
const TAB_FILTER: Record<TrackerTab, Record<string, FieldValue | FieldValue[]> | undefined> = {
  all: undefined,
  pending: { status: 'pending' },
  completed: { status: 'completed' },
  unpaid: { status: 'pending', paymentStatus: ['pending', 'unpaid'] },
  // Sold with a deposit and not yet paid in full.
  'balance-due': { balanceOpen: true },
  // Cancelled enrollments, refunded or not, and the paid ones refunded because their seats were gone.
  cancelled: { status: ['cancelled', 'refunded'] },
};

export interface EnrollmentFilter {
  q?: string;
  status?: TrackerTab;
  workshopId?: string;
  /** For a location-limited administrator: only bookings of these workshops (an empty list: none). */
  withinWorkshops?: readonly string[];
}

/** One enrollment as its view shows it, participants' details included; the search keys stay inside. */
const toDetail = ({
  workshopTitle: _w,
  programTitle: _p,
  location: _l,
  seq: _s,
  paidCents: _paid,
  balanceOpen: _open,
  balanceReminders: _reminders,
  receivedCents: _received,
  parentName: _pn,
  parent2Name: _p2n,
  parent2Email: _p2e,
  phoneDigits: _pd,
  participantText: _pt,
  ...detail
}: EnrollmentRowDoc): AdminEnrollmentDetail => detail;

/** A row of the list: the specification's record, without the participants' details and the form. */
const toRecord = (doc: EnrollmentRowDoc): AdminEnrollmentRecord => {
  const {
    category: _c,
    childDetails: _cd,
    participantDetails: _d,
    contact: _f,
    paidAmount: _pa,
    ...record
  } = toDetail(doc);
  return record;
};

/**
 * One enrollment with its participants' details, or null when unknown; while two or more still
 * come, what one place's cancellation refunds at most (from the order: its price now and item).
 * Saved children of a family account read as the family keeps them now while the workshop is not
 * past, with the details as enrolled beside them when they differ.
 */
export async function findEnrollment(
  store: ReadStore,
  id: string,
  now: Date = new Date(),
): Promise<AdminEnrollmentDetail | null> {
  const [found, order] = await Promise.all([
    store.get<EnrollmentRowDoc>('enrollments', id),
    store.get<Order>('orders', id),
  ]);
  if (!found) return null;
  const paid = order?.doc.payments;
  const detail = { ...(await withFamilyNow(store, toDetail(found.doc), now)), ...(paid ? { payments: paid } : {}) };
  if (found.doc.status !== 'completed' || !order) return detail;
  const decided = (found.doc.refunds ?? []).reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  const one = placeShare(order.doc, Math.max(0, (found.doc.paidCents ?? 0) - decided));
  return one
    ? { ...detail, cancelOne: { refundMax: one.refundCents / 100, remaining: one.remainingCents / 100 } }
    : detail;
}

/** A booking of saved children, as the family keeps them now (a workshop not yet past), and as enrolled beside. */
async function withFamilyNow(store: ReadStore, detail: AdminEnrollmentDetail, now: Date) {
  const enrolled = detail.participantDetails;
  const date = detail.workshop?.date;
  if (!enrolled?.some((p) => p.childId) || !readsFamilyNow(date, now)) return detail;
  const families = await familiesNow(store, [{ participants: enrolled }]);
  const current = enrolled.map((p) => participantNow(p, families, date));
  if (JSON.stringify(current) === JSON.stringify(enrolled)) return detail;
  return { ...detail, participantDetails: current, participantDetailsAsEnrolled: enrolled };
}

/** A whole address, as typed into the search box: looked up by equality on the normalised e-mail. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number as people write it: digits with spaces, dots, dashes, brackets or a plus, seven digits or more. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/** A reference as parents quote it: `GL-061739`, `gl 061739`, `GL061739` or a part of its digits after the prefix. */
const REFERENCE = /^GL[-\s]?(\d{1,6})$/i;
/** An order number with its prefix (`ORD-…`, `FREE-…`, `TEST-…`): the rest is the enrollment id. */
const ORDER_NUMBER = /^(?:ORD|FREE|TEST)[-\s]([A-Za-z0-9_-]+)$/i;

/**
 * The text search: a reference or an order number with its prefix is looked for without it among
 * the order fields (so a part of one, or one typed without its dash, is found, and an enrollment
 * not confirmed yet is found by the id its order number will carry); a phone number written with
 * punctuation by its digits among the phones (stored as digits); anything else as typed, in every
 * search field (the order number and reference among them), case-insensitively.
 */
function searchOf(q: string): Query['search'] {
  const reference = REFERENCE.exec(q);
  if (reference) return { text: reference[1]!, fields: ['orderReference'] };
  const order = ORDER_NUMBER.exec(q);
  if (order) return { text: order[1]!, fields: [...ORDER_SEARCH_FIELDS] };
  const digits = q.replace(/\D/g, '');
  if (PHONE_LIKE.test(q) && digits.length >= 7 && digits !== q) return { text: digits, fields: ['phoneDigits'] };
  return { text: q, fields: [...ENROLLMENT_SEARCH_FIELDS] };
}

function workshopWhere({ workshopId, withinWorkshops }: EnrollmentFilter): Record<string, FieldValue | FieldValue[]> {
  if (!withinWorkshops) return workshopId ? { workshopId } : {};
  return { workshopId: withinWorkshops.filter((id) => !workshopId || id === workshopId) };
}

const baseWhere = (filter: EnrollmentFilter) => ({
  ...TAB_FILTER[filter.status ?? 'all'],
  ...workshopWhere(filter),
});

const trackerQuery = (filter: EnrollmentFilter, window: PageWindow): Query => ({
  where: baseWhere(filter),
  search: filter.q ? searchOf(filter.q) : undefined,
  sort: [{ field: 'seq', direction: 'desc' }],
  ...window,
});

/** Whether a row passes the tab and the workshop, as the read store's `where` would decide it. */
function passes(doc: EnrollmentRowDoc, where: Record<string, FieldValue | FieldValue[]>): boolean {
  return Object.entries(where).every(([field, wanted]) =>
    (Array.isArray(wanted) ? wanted : [wanted]).some((v) => equals(doc[field as keyof EnrollmentRowDoc], v)),
  );
}

/**
 * A whole e-mail address is looked up in `enrollment-emails` (one read by id), then its rows by id,
 * filtered by the tab and the workshop here and sorted newest first: no scan of the tracker. Null
 * when the query is no whole address or nobody gave it, and the text search answers instead (it
 * finds a partial address, and rows the index has not reached yet).
 */
async function findByEmail(store: ReadStore, filter: EnrollmentFilter): Promise<EnrollmentRowDoc[] | null> {
  if (!filter.q || !WHOLE_EMAIL.test(filter.q)) return null;
  const entry = await store.get<EnrollmentEmailDoc>('enrollment-emails', emailKeyOf(filter.q));
  if (!entry) return null;
  const rows = await store.getMany<EnrollmentRowDoc>('enrollments', entry.doc.enrollmentIds);
  const where = baseWhere(filter);
  return [...rows.values()]
    .map((r) => r.doc)
    .filter((doc) => passes(doc, where))
    .sort((a, b) => b.seq - a.seq);
}

/**
 * Newest first, with the count of every match (the tracker shows it); the search, the tab and the
 * workshop are applied by the read store, so only one page is read.
 */
export async function findEnrollments(
  store: ReadStore,
  filter: EnrollmentFilter,
  window: PageWindow,
): Promise<{ records: AdminEnrollmentRecord[]; total: number }> {
  const byEmail = await findByEmail(store, filter);
  if (byEmail) {
    const from = window.offset ?? 0;
    const page = byEmail.slice(from, window.limit === undefined ? undefined : from + window.limit);
    return { records: page.map(toRecord), total: byEmail.length };
  }
  const { items, total } = await store.findWithTotal<EnrollmentRowDoc>('enrollments', trackerQuery(filter, window));
  return { records: items.map((i) => toRecord(i.doc)), total };
}

/** Every match, newest first, for the export: no separate count. */
export async function exportEnrollments(store: ReadStore, filter: EnrollmentFilter): Promise<AdminEnrollmentRecord[]> {
  const byEmail = await findByEmail(store, filter);
  if (byEmail) return byEmail.map(toRecord);
  const { items } = await store.find<EnrollmentRowDoc>('enrollments', trackerQuery(filter, {}));
  return items.map((i) => toRecord(i.doc));
}
