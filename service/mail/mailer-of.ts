import type { AppDeps } from '../core/deps.js';
import type { Mailer } from './port.js';
import { createMailer } from './create-mailer.js';

const fallback = new WeakMap<AppDeps, Mailer>();

/** The app's mailer; built from config once per deps when the composition root gave none. */
export function mailerOf(deps: AppDeps): Mailer {
  if (deps.mailer) return deps.mailer;
  let mailer = fallback.get(deps);
  if (!mailer) {
    mailer = createMailer(deps.config);
    fallback.set(deps, mailer);
  }
  return mailer;
}
