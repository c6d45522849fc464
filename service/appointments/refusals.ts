import { APPOINTMENT_REFUSAL_KINDS, type AppointmentRefusal } from '../../contracts/appointments/refusals.js';
import { refuser } from '../core/errors.js';

/** How the appointments' decisions refuse: a typed code and its values (contracts/appointments/refusals.ts). */
export const refuse = refuser<AppointmentRefusal>(APPOINTMENT_REFUSAL_KINDS);
