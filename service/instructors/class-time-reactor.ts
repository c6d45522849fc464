import type { WorkshopEvent as AnyWorkshopEvent } from '../../contracts/catalogue/events.js';
import { calendarStream } from '../../contracts/instructors/calendar.js';
import { INSTRUCTORS_STREAM } from '../../contracts/instructors/events.js';
import { instructorIdOf } from '../../contracts/instructors/instructor.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { calendarDecider } from './calendar-decider.js';
import { instructorList, instructorsDecider } from './instructors-decider.js';

type WorkshopEvent = Extract<AnyWorkshopEvent, { type: 'WorkshopScheduled' | 'WorkshopUpdated' | 'WorkshopRemoved' }>;

export const CLASS_TIME_WORKFLOW = 'class-time';

/**
 * A class's sessions keep its instructor's time (issue 38 item 2): a workshop scheduled or changed
 * places its sessions on the calendar stream of the instructor who teaches it (its `instructorId`,
 * or the one record of its instructor's name), and frees them from any other instructor's; a
 * workshop removed frees them. Recorded as facts (the class is scheduled already): a lesson held
 * there before stays, for the office to move. Each command is idempotent on its calendar.
 */
export function classTimeReactor(deps: AppDeps) {
  return defineReactor<WorkshopEvent>({
    name: CLASS_TIME_WORKFLOW,
    eventTypes: ['WorkshopScheduled', 'WorkshopUpdated', 'WorkshopRemoved'],
    keyOf: (e) => (e.type === 'WorkshopRemoved' ? e.data.workshopId : e.data.workshop.id),
    async handle(event, { metadata }) {
      const instructors = await deps.commands.state(instructorsDecider, INSTRUCTORS_STREAM);
      const list = instructorList(instructors);
      if (list.length === 0) return;
      const at = metadata.at;
      const workshopId = event.type === 'WorkshopRemoved' ? event.data.workshopId : event.data.workshop.id;
      const teacher = event.type === 'WorkshopRemoved' ? null : instructorIdOf(event.data.workshop, list);
      for (const { id } of list) {
        if (id === teacher) continue;
        await deps.commands.handle(
          calendarDecider,
          calendarStream(id),
          { type: 'FreeClassTime', instructorId: id, workshopId, at },
          metadata,
        );
      }
      if (teacher === null || event.type === 'WorkshopRemoved') return;
      const sessions = event.data.workshop.sessions.map(({ startsAt, endsAt }) => ({ startsAt, endsAt }));
      await deps.commands.handle(
        calendarDecider,
        calendarStream(teacher),
        { type: 'BlockClassTime', instructorId: teacher, workshopId, sessions, strict: false, at },
        metadata,
      );
    },
  });
}
