import { SIGNED_IN_HINT_COOKIE } from '../../contracts/account/api.js';

/**
 * Whether this browser may be signed in to a family page: only a hint, for the header's words ("My
 * family" or "Sign in", both going to /account) and for whether a page asks `GET /api/account` at
 * all (a visitor who never signed in is asked nothing, so no page of theirs logs a 401). The
 * session itself is an HttpOnly cookie no script can read; beside it the server sets a readable
 * hint cookie with the same life (SIGNED_IN_HINT_COOKIE). A browser signed in before that cookie
 * existed is known by the flag it kept in its storage.
 */
const KEY = 'familySignedIn';

const hintCookie = () =>
  typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the hint cookie still says it.
  }
  // The server clears its hint with the session; a session that ended elsewhere (expired, signed
  // out everywhere) is learnt from a 401, and its hint goes then.
  if (!signedIn && hintCookie()) document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** A session may exist: worth asking the server who is signed in (in the browser only; never on the server). */
export function sessionMayExist(): boolean {
  if (typeof window === 'undefined') return false;
  if (hintCookie()) return true;
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
