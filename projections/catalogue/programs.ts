import type { Projector } from '../../platform/processor/projector.js';
import type { Program } from '../../contracts/catalogue/program.js';
import type { ProgramEvent } from '../../contracts/catalogue/events.js';
import type { RecordedEvent } from '../../platform/eventstore/port.js';

/** A program as listed, with the feed position it was first published at (its place in the list). */
export type ProgramDoc = Program & { listedAt: number };

export const programsProjector: Projector<ProgramDoc> = {
  name: 'programs',
  collection: 'programs',
  // A program page by slug; the list in publishing order.
  indexes: [[{ field: 'slug' }], [{ field: 'listedAt' }]],
  eventTypes: ['ProgramPublished', 'ProgramUpdated', 'ProgramRemoved'],
  keys: (event) => {
    const e = event as unknown as ProgramEvent;
    return [e.type === 'ProgramRemoved' ? e.data.programId : e.data.program.id];
  },
  project(doc, event: RecordedEvent) {
    const e = event as unknown as ProgramEvent;
    switch (e.type) {
      case 'ProgramPublished':
        return { ...e.data.program, listedAt: Number(event.position) };
      case 'ProgramUpdated':
        return { ...e.data.program, listedAt: doc?.listedAt ?? Number(event.position) };
      case 'ProgramRemoved':
        return null;
    }
  },
};
