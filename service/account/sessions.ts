import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_DAYS, SIGNED_IN_HINT_COOKIE } from '../../contracts/account/api.js';
import type { ReadStore } from '../../platform/readstore/port.js';
import type { AppDeps } from '../core/deps.js';

/**
 * Sessions of signed-in parents: an opaque random id (256 bits) in an HttpOnly cookie, and beside
 * it, in the read store, only its SHA-256: the document a stolen copy of the read store holds
 * cannot be turned back into a cookie. Not a projection (nothing rebuilds it from events, a
 * rebuild never touches it) and not an event (a session id must never sit in the event log).
 * 30 days, sliding: a use more than an hour after the last moves the end, at most one write an hour.
 */
export const SESSIONS_COLLECTION = 'account-sessions';
export const SESSION_COOKIE = 'family_session';

const DAY_MS = 86_400_000;
const SESSION_MS = SESSION_DAYS * DAY_MS;
const TOUCH_AFTER_MS = 3_600_000;
/**
 * An ended session is a tombstone at this position: the read store refuses any later write below
 * it, so a request that read the session before it ended cannot write it back by touching it.
 */
const ENDED = 2n ** 62n;

export interface SessionDoc {
  [field: string]: unknown;
  id: string;
  householdId: string;
  parentId: string;
  createdAt: string;
  expiresAt: string;
  touchedAt: string;
  /** The feed position of the sign-in's last write: the family page waits for it once. */
  since: string;
}

export const sessionHash = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

const ID = /^[A-Za-z0-9_-]{43}$/;

/** The cookie's attributes: never readable by scripts, sent on same-site navigation, Secure on https. */
function cookieOptions(deps: AppDeps, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'Lax' as const,
    path: '/',
    secure: deps.config.PUBLIC_URL?.toLowerCase().startsWith('https://') ?? false,
    maxAge: maxAgeSeconds,
  };
}

/** The session's cookie, and beside it the hint a script may read (SIGNED_IN_HINT_COOKIE: no secret), with the same life. */
function setSessionCookies(c: Context, deps: AppDeps, id: string): void {
  setCookie(c, SESSION_COOKIE, id, cookieOptions(deps, SESSION_MS / 1000));
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', { ...cookieOptions(deps, SESSION_MS / 1000), httpOnly: false });
}

function deleteSessionCookies(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/' });
}

/** Opens a session for a parent and sets its cookie; nothing of it goes into the answer's body or a log. */
export async function openSession(
  c: Context,
  deps: AppDeps,
  who: { householdId: string; parentId: string; since: bigint },
): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const doc: SessionDoc = {
    id: sessionHash(id),
    householdId: who.householdId,
    parentId: who.parentId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_MS).toISOString(),
    touchedAt: now.toISOString(),
    since: who.since.toString(),
  };
  await deps.readStore.write([
    { kind: 'put', collection: SESSIONS_COLLECTION, id: doc.id, doc, position: BigInt(now.getTime()) },
  ]);
  setSessionCookies(c, deps, id);
}

/**
 * The session the request's cookie names, when it exists and has not ended; its end moved on when
 * due, unless `readOnly` (a page's render, whose answer sets no cookie).
 */
export async function currentSession(
  c: Context,
  deps: AppDeps,
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<SessionDoc | null> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id || !ID.test(id)) return null;
  const found = await deps.readStore.get<SessionDoc>(SESSIONS_COLLECTION, sessionHash(id));
  if (!found) return null;
  const now = deps.clock();
  if (Date.parse(found.doc.expiresAt) <= now.getTime()) return null;
  if (readOnly) return found.doc;
  if (now.getTime() - Date.parse(found.doc.touchedAt) >= TOUCH_AFTER_MS) {
    const doc = {
      ...found.doc,
      touchedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_MS).toISOString(),
    };
    await deps.readStore.write([
      { kind: 'put', collection: SESSIONS_COLLECTION, id: doc.id, doc, position: BigInt(now.getTime()) },
    ]);
    setSessionCookies(c, deps, id);
    return doc;
  }
  // A session opened before the hint existed gets it with its next answer.
  if (getCookie(c, SIGNED_IN_HINT_COOKIE) !== '1')
    setCookie(c, SIGNED_IN_HINT_COOKIE, '1', {
      ...cookieOptions(deps, Math.max(1, Math.floor((Date.parse(found.doc.expiresAt) - now.getTime()) / 1000))),
      httpOnly: false,
    });
  return found.doc;
}

/** Ends sessions by their hashed ids (tombstones no later write can pass). */
async function end(store: ReadStore, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await store.write(
    ids.map((id) => ({ kind: 'delete' as const, collection: SESSIONS_COLLECTION, id, position: ENDED })),
  );
}

/** Sign-out: ends this request's session and clears its cookie. */
export async function endCurrentSession(c: Context, deps: AppDeps, session: SessionDoc): Promise<void> {
  await end(deps.readStore, [session.id]);
  deleteSessionCookies(c);
}

/** Every session of a household ("Sign out everywhere"), or of one of its parents (removed). */
export async function endSessionsOf(deps: AppDeps, who: { householdId: string; parentId?: string }): Promise<number> {
  const where: Record<string, string> = { householdId: who.householdId };
  if (who.parentId) where.parentId = who.parentId;
  const { items } = await deps.readStore.find<SessionDoc>(SESSIONS_COLLECTION, { where });
  await end(
    deps.readStore,
    items.map((i) => i.id),
  );
  return items.length;
}

/** The household's open sessions (for its export): when each began and ends, never an id. */
export async function sessionsOf(deps: AppDeps, householdId: string) {
  const { items } = await deps.readStore.find<SessionDoc>(SESSIONS_COLLECTION, { where: { householdId } });
  const now = deps.clock().getTime();
  return items
    .filter((i) => Date.parse(i.doc.expiresAt) > now)
    .map((i) => ({ createdAt: i.doc.createdAt, expiresAt: i.doc.expiresAt }));
}
