import type { Context } from 'hono';
import type { AdministratorRef } from '../../contracts/core/events.js';

const KEY = 'administrator';

/** Set by the admin gate once a key is accepted: who is making this request. */
export function setAdministrator(c: Context, who: AdministratorRef): void {
  c.set(KEY, who);
}

/** The administrator of this request, or undefined outside the admin area. */
export function administratorOf(c: Context): AdministratorRef | undefined {
  return c.get(KEY) as AdministratorRef | undefined;
}
