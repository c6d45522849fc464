/**
 * Whether this browser was signed in to a family page when it last looked: only a hint for the
 * header's words ("My family" or "Sign in"), both going to /account, which asks the server. The
 * session itself is an HttpOnly cookie no script can read, and the public pages stay the same
 * cached HTML for everyone.
 */
const KEY = 'familySignedIn';

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the header says "Sign in", which still leads to the family page.
  }
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
