import type { EventStore } from '../../platform/eventstore/port.js';
import { StreamWriter } from '../../platform/command/handler.js';
import type { WorkshopCommand, WorkshopState } from '../catalogue/workshop-decider.js';
import { seatLedgerDecider } from './seat-ledger.js';
import { enrollmentDecider, type EnrollmentCommand, type EnrollmentState } from './enrollment-decider.js';
import type { WorkshopEvent } from '../../contracts/catalogue/events.js';
import type { EnrollmentEvent } from '../../contracts/enrollment/events.js';
import type { ClientHoldEvent } from '../../contracts/enrollment/client-holds.js';
import { clientHoldsDecider, type ClientHoldsCommand, type ClientHoldsState } from './client-holds-decider.js';

export interface Writers {
  workshops: StreamWriter<WorkshopCommand, WorkshopEvent, WorkshopState>;
  enrollments: StreamWriter<EnrollmentCommand, EnrollmentEvent, EnrollmentState>;
  clientHolds: StreamWriter<ClientHoldsCommand, ClientHoldEvent, ClientHoldsState>;
}

const byStore = new WeakMap<EventStore, Writers>();

/**
 * One pair of writers per event store, shared by the routes, the webhook and the reactor of a
 * process, so their commands on one stream queue behind each other instead of conflicting.
 */
export function writersFor(store: EventStore): Writers {
  let writers = byStore.get(store);
  if (!writers) {
    writers = {
      workshops: new StreamWriter(store, seatLedgerDecider),
      enrollments: new StreamWriter(store, enrollmentDecider),
      // One stream per client address: most are new, so they are not read before the first append.
      clientHolds: new StreamWriter(store, clientHoldsDecider, { guessNewStreams: true }),
    };
    byStore.set(store, writers);
  }
  return writers;
}
