import type { AppDeps } from '../core/deps.js';
import { certificateEmailReactor, certificateReissueEmailReactor } from './certificate-email-reactor.js';

/** The certificates' effects: the certificate e-mailed when issued, and again when its name is corrected. */
export const certificateReactors = (deps: AppDeps) => [
  certificateEmailReactor(deps),
  certificateReissueEmailReactor(deps),
];
