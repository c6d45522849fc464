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

/**
 * The locations this request's administrator is limited to, or null for every location: the owner
 * always sees everything, and an administrator with no locations named is not limited.
 */
export function locationLimit(c: Context): readonly string[] | null {
  const who = administratorOf(c);
  if (!who || who.role === 'owner' || !who.locationIds?.length) return null;
  return who.locationIds;
}
