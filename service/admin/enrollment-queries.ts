import type { AdminEnrollmentDetail, AdminEnrollmentRecord, TrackerTab } from '../../contracts/admin/enrollments.js';
import type { FieldValue, Query, ReadStore } from '../../platform/readstore/port.js';
import { ENROLLMENT_SEARCH_FIELDS, type EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import type { PageWindow } from './paging.js';

/** Each tab is a filter on the row; Unpaid holds every row the screen shows as unpaid. */
const TAB_FILTER: Record<TrackerTab, Record<string, FieldValue | FieldValue[]> | undefined> = {
  all: undefined,
  pending: { status: 'pending' },
  completed: { status: 'completed' },
  unpaid: { paymentStatus: ['unpaid', 'refunded'] },
  // Cancelled enrollments, refunded or not, and the paid ones refunded because their seats were gone.
  cancelled: { status: ['cancelled', 'refunded'] },
};

export interface EnrollmentFilter {
  q?: string;
  status?: TrackerTab;
}

/** One enrollment as its view shows it, participants' details included. */
const toDetail = ({
  workshopTitle: _w,
  programTitle: _p,
  location: _l,
  seq: _s,
  paidCents: _paid,
  ...detail
}: EnrollmentRowDoc): AdminEnrollmentDetail => detail;

/** A row of the list: the specification's record, without the participants' details. */
const toRecord = (doc: EnrollmentRowDoc): AdminEnrollmentRecord => {
  const { category: _c, participantDetails: _d, ...record } = toDetail(doc);
  return record;
};

/** One enrollment with its participants' details, or null when unknown. */
export async function findEnrollment(store: ReadStore, id: string): Promise<AdminEnrollmentDetail | null> {
  const found = await store.get<EnrollmentRowDoc>('enrollments', id);
  return found ? toDetail(found.doc) : null;
}

const trackerQuery = (filter: EnrollmentFilter, window: PageWindow): Query => ({
  where: TAB_FILTER[filter.status ?? 'all'],
  search: filter.q ? { text: filter.q, fields: [...ENROLLMENT_SEARCH_FIELDS] } : undefined,
  sort: [{ field: 'seq', direction: 'desc' }],
  ...window,
});

/**
 * Newest first, with the count of every match (the tracker shows it); the search and the tab are
 * applied by the read store, so only one page is read.
 */
export async function findEnrollments(
  store: ReadStore,
  filter: EnrollmentFilter,
  window: PageWindow,
): Promise<{ records: AdminEnrollmentRecord[]; total: number }> {
  const { items, total } = await store.findWithTotal<EnrollmentRowDoc>('enrollments', trackerQuery(filter, window));
  return { records: items.map((i) => toRecord(i.doc)), total };
}

/** Every match, newest first, for the export: no separate count. */
export async function exportEnrollments(store: ReadStore, filter: EnrollmentFilter): Promise<AdminEnrollmentRecord[]> {
  const { items } = await store.find<EnrollmentRowDoc>('enrollments', trackerQuery(filter, {}));
  return items.map((i) => toRecord(i.doc));
}
