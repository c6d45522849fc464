import type { PrivacyEvent } from '../../contracts/privacy/events.js';
import type { AccessKind } from '../../contracts/privacy/events.js';
import { defineProjector } from '../../platform/processor/projector.js';

export const ACCESS_LOG = 'access-log';

/** One read of personal data by an administrator, newest first by `seq`. */
export type AccessLogDoc = {
  id: string;
  kind: AccessKind;
  workshopId: string | null;
  enrollmentId: string | null;
  /** The tracker and its CSV: whether a search narrowed it. */
  search?: boolean;
  at: string;
  administratorId: string;
  administratorName: string;
  /** Feed position: the order the reads were recorded in. */
  seq: number;
};

/**
 * `access-log`: who read personal data (a roster, its CSV, an enrollment in full, the tracker, …), for the owner's Settings,
 * filtered by administrator. It names the records read by id, and the administrator as the event's
 * metadata does; reads recorded without a named administrator show as "admin".
 */
export const accessLogProjector = defineProjector<PrivacyEvent, AccessLogDoc>({
  name: ACCESS_LOG,
  collection: ACCESS_LOG,
  indexes: [[{ field: 'seq', direction: 'desc' }], [{ field: 'administratorId' }, { field: 'seq', direction: 'desc' }]],
  eventTypes: ['PersonalDataRead'],
  keys: (event) => [event.id],
  project(_doc, event, id) {
    if (event.type !== 'PersonalDataRead') return undefined;
    const who = event.metadata.administrator ?? { id: 'admin', name: 'admin' };
    return {
      id,
      kind: event.data.kind,
      workshopId: event.data.workshopId ?? null,
      enrollmentId: event.data.enrollmentId ?? null,
      ...(event.data.search === undefined ? {} : { search: event.data.search }),
      at: event.data.at,
      administratorId: who.id,
      administratorName: who.name,
      seq: Number(event.position),
    };
  },
});
