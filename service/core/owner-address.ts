import { SCHOOL } from '../../contracts/core/school.js';
import type { Config } from './config.js';

/**
 * The office: OWNER_EMAIL, else the address MAIL_FROM names ("School <office@…>" or a bare
 * address), else the school's. Told of each change to the administrators and of each new inquiry.
 */
export function ownerAddress(config: Pick<Config, 'OWNER_EMAIL' | 'MAIL_FROM'>): string {
  if (config.OWNER_EMAIL) return config.OWNER_EMAIL;
  const from = config.MAIL_FROM.trim();
  const named = /<([^<>\s]+@[^<>\s]+)>$/.exec(from)?.[1];
  if (named) return named;
  return /^[^<>\s]+@[^<>\s]+$/.test(from) ? from : SCHOOL.email;
}
