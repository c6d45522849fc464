import { Hono } from 'hono';
import {
  APPOINTMENT_TYPES_STREAM,
  AppointmentTypeIdSchema,
  AppointmentTypeInputSchema,
  type AppointmentType,
  type AppointmentTypeInput,
} from '../../contracts/appointments/appointment-type.js';
import { INSTRUCTORS_STREAM } from '../../contracts/instructors/events.js';
import { z } from 'zod';
import type { AppDeps } from '../core/deps.js';
import { validationError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { instructorsDecider } from '../instructors/instructors-decider.js';
import { appointmentTypesDecider, type AppointmentTypeCommand } from './types-decider.js';

const IdParam = z.object({ id: AppointmentTypeIdSchema });

/** Every instructor a type names must be a record: the first unknown one refused by its place in the list. */
async function checkInstructors(deps: AppDeps, input: AppointmentTypeInput): Promise<void> {
  const { byId } = await deps.commands.state(instructorsDecider, INSTRUCTORS_STREAM);
  const unknown = input.instructorIds.findIndex((id) => !byId[id]);
  if (unknown >= 0) {
    const path = `instructorIds.${unknown}`;
    throw validationError(`${path}: is not an instructor.`, [{ path, message: 'is not an instructor.' }]);
  }
}

const typeOf = (id: string, input: AppointmentTypeInput): AppointmentType => ({ id, ...input });

/** The school's lessons and parties (issue 38 item 3), on the `appointment-types` stream. */
export function adminAppointmentTypeRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const write = async (
    c: Parameters<typeof requestMetadata>[0],
    command: AppointmentTypeCommand,
    status: 200 | 201,
  ) => {
    await checkInstructors(deps, command.appointmentType);
    const { position } = await deps.commands.handle(
      appointmentTypesDecider,
      APPOINTMENT_TYPES_STREAM,
      command,
      requestMetadata(c, deps, 'admin'),
    );
    const head = position ?? (await deps.eventStore.headPosition());
    return c.json({ id: command.appointmentType.id, position: head.toString() }, status);
  };

  app.get('/appointment-types', async (c) => {
    const { byId } = await deps.commands.state(appointmentTypesDecider, APPOINTMENT_TYPES_STREAM);
    c.header('Cache-Control', 'no-store');
    return c.json(Object.values(byId).sort((a, b) => a.title.localeCompare(b.title)));
  });

  app.post('/appointment-types', validate('json', AppointmentTypeInputSchema), (c) => {
    const appointmentType = typeOf(deps.newId(), c.req.valid('json'));
    return write(c, { type: 'AddAppointmentType', appointmentType, at: deps.clock().toISOString() }, 201);
  });

  app.put('/appointment-types/:id', validate('param', IdParam), validate('json', AppointmentTypeInputSchema), (c) => {
    const appointmentType = typeOf(c.req.valid('param').id, c.req.valid('json'));
    return write(c, { type: 'UpdateAppointmentType', appointmentType, at: deps.clock().toISOString() }, 200);
  });

  return app;
}
