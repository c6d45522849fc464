import type { Context } from 'hono';
import type { AdminSession } from '../../contracts/admin/roles.js';

const KEY = 'administrator';

/** Set by the admin gate once a key is accepted: who is making this request, and in what role. */
export function setAdministrator(c: Context, who: AdminSession): void {
  c.set(KEY, who);
}

/** The administrator of this request, or undefined outside the admin area. */
export function administratorOf(c: Context): AdminSession | undefined {
  return c.get(KEY) as AdminSession | undefined;
}
