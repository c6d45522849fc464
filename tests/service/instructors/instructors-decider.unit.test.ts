import { describe, it } from 'vitest';
import type { InstructorEvent } from '../../../contracts/instructors/events.js';
import { instructorsDecider } from '../../../service/instructors/instructors-decider.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(instructorsDecider);
const AT = '2025-06-01T12:00:00.000Z';
const record = { instructorId: 'i1', name: 'Margaret Ellison', email: 'margaret@example.com' };
const added: InstructorEvent = { type: 'InstructorAdded', data: { ...record, addedAt: AT } };
const week = { weekly: [{ weekday: 1, from: '09:00', to: '12:00' }], exceptions: [] };

describe('instructors decider', () => {
  it('given no instructors, when one is added, then InstructorAdded carries the record and the time', () => {
    given([])
      .when({ type: 'AddInstructor', record, at: AT })
      .then([{ type: 'InstructorAdded', data: { ...record, addedAt: AT } }]);
  });

  it('given the instructor was added, when the same id is added again, then it is refused as existing', () => {
    given([added]).when({ type: 'AddInstructor', record, at: AT }).thenThrows({ code: 'conflict' });
  });

  it('given the instructor, when the record is changed, then InstructorUpdated; the same record again records nothing', () => {
    const changed = { ...record, bio: 'Trained in London.' };
    given([added])
      .when({ type: 'UpdateInstructor', record: changed, at: AT })
      .then([{ type: 'InstructorUpdated', data: { ...changed, updatedAt: AT } }]);
    given([added]).when({ type: 'UpdateInstructor', record, at: AT }).then([]);
  });

  it('given no such instructor, when their record or hours are set, then it is refused as not found', () => {
    given([])
      .when({ type: 'UpdateInstructor', record, at: AT })
      .thenThrows({ refusal: { code: 'instructor_not_found' } });
    given([])
      .when({ type: 'SetAvailability', instructorId: 'i1', availability: week, at: AT })
      .thenThrows({ refusal: { code: 'instructor_not_found' } });
  });

  it('given the instructor, when their weekly hours are set, then InstructorAvailabilitySet; the same hours again record nothing', () => {
    const set: InstructorEvent = {
      type: 'InstructorAvailabilitySet',
      data: { instructorId: 'i1', ...week, setAt: AT },
    };
    given([added]).when({ type: 'SetAvailability', instructorId: 'i1', availability: week, at: AT }).then([set]);
    given([added, set]).when({ type: 'SetAvailability', instructorId: 'i1', availability: week, at: AT }).then([]);
  });
});
