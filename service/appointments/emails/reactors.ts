import type { AnyReactor } from '../../../platform/processor/reactor.js';
import type { AppDeps } from '../../core/deps.js';
import { lessonPackEmailReactor } from '../packs/lesson-pack-email-reactor.js';
import { appointmentEmailReactor } from './appointment-email-reactor.js';

/** The slice's e-mails, where the effects run: an appointment's changes, a lesson pack's code. */
export const appointmentEmailReactors = (deps: AppDeps): AnyReactor[] => [
  appointmentEmailReactor(deps),
  lessonPackEmailReactor(deps),
];
