import { defineProjector } from '../../platform/processor/projector.js';
import type { Program } from '../../contracts/catalogue/program.js';
import type { ProgramEvent } from '../../contracts/catalogue/events.js';

/** A program as listed, with the feed position it was first published at (its place in the list). */
export type ProgramDoc = Program & { listedAt: number };

export const programsProjector = defineProjector<ProgramEvent, ProgramDoc>({
  name: 'programs',
  collection: 'programs',
  // A program page by slug; the list in publishing order.
  indexes: [[{ field: 'slug' }], [{ field: 'listedAt' }]],
  eventTypes: ['ProgramPublished', 'ProgramUpdated', 'ProgramRemoved'],
  keys: (event) => [event.type === 'ProgramRemoved' ? event.data.programId : event.data.program.id],
  project(doc, event) {
    switch (event.type) {
      case 'ProgramPublished':
        return { ...event.data.program, listedAt: Number(event.position) };
      case 'ProgramUpdated':
        return { ...event.data.program, listedAt: doc?.listedAt ?? Number(event.position) };
      case 'ProgramRemoved':
        return null;
    }
  },
});
