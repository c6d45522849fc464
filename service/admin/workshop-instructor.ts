import type { AdminWorkshopInput } from '../../contracts/admin/catalogue-forms.js';
import { INSTRUCTORS_STREAM } from '../../contracts/instructors/events.js';
import type { AppDeps } from '../core/deps.js';
import { validationError } from '../core/errors.js';
import { instructorsDecider } from '../instructors/instructors-decider.js';

/**
 * A form naming an instructor record (issue 38 item 1): it must be one of the school's (400 naming
 * `instructorId` otherwise), and its name becomes the workshop's `instructor` text, so every page
 * that reads the text names the record.
 */
export async function withInstructor(deps: AppDeps, form: AdminWorkshopInput): Promise<AdminWorkshopInput> {
  if (!form.instructorId) return form;
  const { byId } = await deps.commands.state(instructorsDecider, INSTRUCTORS_STREAM);
  const found = byId[form.instructorId];
  if (!found) {
    const message = "Instructor must be one of the school's instructors.";
    throw validationError(`instructorId: ${message}`, [{ path: 'instructorId', message }]);
  }
  return { ...form, instructor: found.record.name };
}
