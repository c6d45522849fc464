import { defineProjector } from '../../platform/processor/projector.js';
import type { InstructorEvent } from '../../contracts/instructors/events.js';
import type { InstructorView } from '../../contracts/instructors/instructor.js';

export const INSTRUCTORS = 'instructors';

export type InstructorDoc = InstructorView;

/** `instructors`: one document per instructor record, with their weekly hours and exceptions. */
export const instructorsProjector = defineProjector<InstructorEvent, InstructorDoc>({
  name: INSTRUCTORS,
  collection: INSTRUCTORS,
  indexes: [[{ field: 'name' }]],
  eventTypes: ['InstructorAdded', 'InstructorUpdated', 'InstructorAvailabilitySet'],
  keys: (e) => [e.data.instructorId],
  project(doc, e) {
    switch (e.type) {
      case 'InstructorAdded': {
        const d = e.data;
        return {
          id: d.instructorId,
          name: d.name,
          email: d.email,
          bio: d.bio ?? '',
          photo: d.photo ?? '',
          availability: doc?.availability ?? { weekly: [], exceptions: [] },
          addedAt: d.addedAt,
          ...(d.payRate ? { payRate: d.payRate } : {}),
        };
      }
      case 'InstructorUpdated': {
        const d = e.data;
        if (!doc) return undefined;
        const { payRate: _before, ...rest } = doc;
        return {
          ...rest,
          name: d.name,
          email: d.email,
          bio: d.bio ?? '',
          photo: d.photo ?? '',
          ...(d.payRate ? { payRate: d.payRate } : {}),
        };
      }
      case 'InstructorAvailabilitySet': {
        const { weekly, exceptions } = e.data;
        return doc ? { ...doc, availability: { weekly, exceptions } } : undefined;
      }
    }
  },
});
