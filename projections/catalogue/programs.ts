import { defineProjector } from '../../platform/processor/projector.js';
import type { ProgramData } from '../../contracts/catalogue/program.js';
import type { ProgramEvent } from '../../contracts/catalogue/events.js';
import type { ReviewEvent } from '../../contracts/reviews/events.js';
import { tallied, untallied, type RatingTally } from '../../contracts/catalogue/rating.js';

/**
 * A program as published, with the feed position it was first published at (its place in the
 * list) and the tally of its published reviews (issue 40): the figures the pages show are
 * computed from it and the program's baseline when read (contracts/catalogue/rating.ts).
 */
export type ProgramDoc = ProgramData & { listedAt: number; published?: RatingTally };

type Event = ProgramEvent | Extract<ReviewEvent, { type: 'ReviewSubmitted' | 'ReviewHidden' | 'ReviewWithdrawn' }>;

/** The program whose figures a review event moves, when it moves them. */
function programMoved(event: Event): string | null {
  if (event.type === 'ReviewSubmitted') return event.data.publish ? event.data.programId : null;
  if (event.type === 'ReviewHidden' || event.type === 'ReviewWithdrawn')
    return event.data.unpublished?.programId ?? null;
  return null;
}

export const programsProjector = defineProjector<Event, ProgramDoc>({
  name: 'programs',
  collection: 'programs',
  // A program page by slug; the list in publishing order.
  indexes: [[{ field: 'slug' }], [{ field: 'listedAt' }]],
  eventTypes: [
    'ProgramPublished',
    'ProgramUpdated',
    'ProgramRemoved',
    'ReviewSubmitted',
    'ReviewHidden',
    'ReviewWithdrawn',
  ],
  keys(event) {
    switch (event.type) {
      case 'ProgramRemoved':
        return [event.data.programId];
      case 'ProgramPublished':
      case 'ProgramUpdated':
        return [event.data.program.id];
      default: {
        const programId = programMoved(event);
        return programId ? [programId] : [];
      }
    }
  },
  project(doc, event) {
    switch (event.type) {
      case 'ProgramPublished':
        return {
          ...event.data.program,
          listedAt: Number(event.position),
          ...(doc?.published ? { published: doc.published } : {}),
        };
      case 'ProgramUpdated':
        return {
          ...event.data.program,
          listedAt: doc?.listedAt ?? Number(event.position),
          ...(doc?.published ? { published: doc.published } : {}),
        };
      case 'ProgramRemoved':
        return null;
      case 'ReviewSubmitted':
        return doc
          ? { ...doc, published: tallied(doc.published ?? { count: 0, sum: 0 }, event.data.rating) }
          : undefined;
      case 'ReviewHidden':
      case 'ReviewWithdrawn': {
        const gone = event.data.unpublished;
        return doc && gone
          ? { ...doc, published: untallied(doc.published ?? { count: 0, sum: 0 }, gone.rating) }
          : undefined;
      }
    }
  },
});
