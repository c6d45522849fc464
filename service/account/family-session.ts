import type { Context, MiddlewareHandler } from 'hono';
import type { ReadStore } from '../../platform/readstore/port.js';
import type { HouseholdDoc } from '../../projections/account/households.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { currentSession, endCurrentSession, type SessionDoc } from './sessions.js';

/** The signed-in parent of a request, with the household as the family page reads it. */
export interface Family {
  session: SessionDoc;
  householdId: string;
  parentId: string;
  email: string;
  household: HouseholdDoc;
}

declare module 'hono' {
  interface ContextVariableMap {
    family: Family;
  }
}

export const SIGN_IN_FIRST = 'Please sign in to your family page first: we will e-mail you a link.';
export const signInFirst = () => new AppError('unauthorized', SIGN_IN_FIRST);

export const findHousehold = async (store: ReadStore, householdId: string) =>
  (await store.get<HouseholdDoc>('households', householdId))?.doc ?? null;

const activeParent = (doc: HouseholdDoc | null, parentId: string) =>
  doc?.parents.find((p) => p.parentId === parentId && p.status === 'active');

/**
 * The signed-in parent, or null: a session that exists and has not ended, of a parent still in
 * the household (a removed parent's sessions end). Right after signing in the read model may lag:
 * it is waited for (bounded) once, up to the sign-in's own writes. `readOnly` (a page's render):
 * the session is neither slid nor ended, so the answer sets no cookie.
 */
export async function familyOf(
  c: Context,
  deps: AppDeps,
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<Family | null> {
  const session = await currentSession(c, deps, { readOnly });
  if (!session) return null;
  let household = await findHousehold(deps.readStore, session.householdId);
  if (!activeParent(household, session.parentId)) {
    await deps.projections.waitFor(BigInt(session.since), ['households'], 2_000);
    household = await findHousehold(deps.readStore, session.householdId);
  }
  const parent = activeParent(household, session.parentId);
  if (!household || !parent) {
    if (!readOnly) await endCurrentSession(c, deps, session);
    return null;
  }
  return { session, householdId: session.householdId, parentId: session.parentId, email: parent.email, household };
}

/** Routes for signed-in parents only: 401 without a session. */
export function requireFamily(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const family = await familyOf(c, deps);
    if (!family) throw signInFirst();
    c.set('family', family);
    await next();
  };
}
