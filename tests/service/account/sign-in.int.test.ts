import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_ANSWER, SIGNED_IN_HINT_COOKIE } from '../../../contracts/account/api.js';
import { SESSIONS_COLLECTION, sessionHash } from '../../../service/account/sessions.js';
import { signInMailsSent } from '../../../service/account/sign-in.js';
import { BEFORE_SPEC_SEASON } from '../../support/app.js';
import { nextParentEmail } from '../../support/visitors.js';
import { makeAccountApp, sessionCookieOf, type AccountTestApp } from './support.js';

let t: AccountTestApp;
afterEach(async () => {
  await t?.close();
});

/** A clock the test moves: sign-in links last 20 minutes, sessions 30 days. */
function movableClock(start = BEFORE_SPEC_SEASON) {
  let now = start.getTime();
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** Every stored event as text. */
const storedEvents = async () =>
  JSON.stringify(await t.eventStore.readAll(), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));

const verify = (token: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/account/sign-in/verify', { body: { token }, headers });

describe('POST /api/account/sign-in: a link by e-mail, whoever asks', () => {
  it('given an address with a family page and one the school has never seen, when each asks for a link, then both get the same 202 with the same body and headers, each request appends the same events, and both e-mails leave after the answer', async () => {
    t = await makeAccountApp();
    const known = nextParentEmail('known');
    await t.signIn(known);
    await signInMailsSent(t.deps);
    const unknown = nextParentEmail('unknown');

    const answers = [];
    for (const email of [known, unknown]) {
      const before = await t.eventStore.headPosition();
      const res = await t.call('POST', '/api/account/sign-in', { body: { email } });
      await signInMailsSent(t.deps);
      const appended = (await t.eventStore.readAll({ after: before })).map((e) => e.type);
      answers.push({
        status: res.status,
        body: await res.text(),
        headers: [...res.headers.entries()].filter(([name]) => name !== 'date'),
        appended,
      });
    }

    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(202);
    expect(JSON.parse(answers[0]!.body)).toEqual(SIGN_IN_ANSWER);
    expect(answers[0]!.appended).toEqual(['SignInLinkRequested', 'SignInEmailSent']);
    const subjects = Object.fromEntries(t.mailer.sent.map((m) => [m.to, m.subject]));
    expect(subjects[known]).toBe('Sign-in link for the family page at Great Lakes Etiquette');
    expect(subjects[unknown]).toBe('Link to open a family page at Great Lakes Etiquette');
  });

  it('given a request, then the event keeps only the hash of the link’s secret: the link in the e-mail appears nowhere in the event store', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const token = await t.linkFor(email);
    const stored = await storedEvents();
    expect(stored).not.toContain(token.split('.')[1]);
    expect(stored).toContain(token.split('.')[0]); // the request's id, its stream
  });

  it('given an address that is not one, when sent, then 400 naming email and nothing is appended', async () => {
    t = await makeAccountApp();
    const before = await t.eventStore.headPosition();
    const res = await t.call('POST', '/api/account/sign-in', { body: { email: 'not-an-address' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation', issues: [{ path: 'email' }] });
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given one client address asking again and again, when past the burst, then 429 with Retry-After in words a parent understands', async () => {
    t = await makeAccountApp();
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 30 && !refused; i++) {
      const res = await t.call('POST', '/api/account/sign-in', { body: { email: nextParentEmail() }, headers: from });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(refused, `statuses: ${statuses.join(',')}`).toBeDefined();
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused!.json()) as { error: string }).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/Please wait/),
    });
  });

  it('given one address asked for from many client addresses, when the fourth link is asked within minutes, then 429 with Retry-After, known or not alike', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await t.call('POST', '/api/account/sign-in', { body: { email } })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const res = await t.call('POST', '/api/account/sign-in', { body: { email } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/account/sign-in/verify: the link works once, for 20 minutes', () => {
  it('given a link, when "Continue" is pressed twice, then the first signs in (cookie) and the second gets the one refusal a forged or malformed token gets', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const token = await t.linkFor(email);

    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(sessionCookieOf(first)).not.toBeNull();
    const second = await verify(token);
    const forged = await verify(`${token.split('.')[0]}.${'A'.repeat(43)}`);
    const malformed = await verify('not-a-token');
    const answers = await Promise.all([second, forged, malformed].map(async (r) => [r.status, await r.text()]));
    expect(answers[0]![0]).toBe(401);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(sessionCookieOf(second)).toBeNull();
  });

  it('given the link’s page, then it is answered with no Referer to send on (the token stays out of other sites’ logs)', async () => {
    t = await makeAccountApp();
    const res = await t.app.request(`/account/sign-in/r1.${'A'.repeat(43)}`);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('given one link pressed in two tabs at once, then exactly one signs in', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const token = await t.linkFor(email);

    const results = await Promise.all(Array.from({ length: 6 }, () => verify(token)));

    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    const used = (await t.eventStore.readAll()).filter((e) => e.type === 'SignInLinkUsed');
    expect(used).toHaveLength(1);
  });

  it('given a link, when pressed 20 minutes after it was asked for, then it is refused; one pressed a second earlier signs in', async () => {
    const time = movableClock();
    t = await makeAccountApp({ clock: time.clock });
    const email = nextParentEmail();
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const late = await t.linkFor(email);
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const inTime = await t.linkFor(email);

    time.advance(20 * 60_000 - 1_000);
    expect((await verify(inTime)).status).toBe(200);
    time.advance(1_000);
    const res = await verify(late);
    expect(res.status).toBe(401);
    expect(sessionCookieOf(res)).toBeNull();
  });

  it('given two first sign-ins of one new address at once (two links), then one household is made and both sessions are in it', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const a = await t.linkFor(email);
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const b = await t.linkFor(email);

    const [ra, rb] = await Promise.all([verify(a), verify(b)]);

    expect([ra.status, rb.status]).toEqual([200, 200]);
    const created = (await t.eventStore.readAll()).filter((e) => e.type === 'HouseholdCreated');
    expect(created).toHaveLength(1);
    const [va, vb] = [await t.account(sessionCookieOf(ra)!), await t.account(sessionCookieOf(rb)!)];
    expect(va.householdId).toBe(vb.householdId);
  });
});

describe('the session: an HttpOnly cookie, never in a body, 30 days sliding', () => {
  it('given a sign-in, then the cookie is HttpOnly, SameSite=Lax, Path=/, not Secure on http, lasts 30 days, and its value is in no answer body, no event and no read-store id', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const res = await verify(await t.linkFor(email));
    const header = res.headers.getSetCookie().find((c) => c.startsWith('family_session='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=2592000/);
    expect(header).not.toMatch(/Secure/);
    const cookie = sessionCookieOf(res)!;
    const value = cookie.split('=')[1]!;

    const bodies = [
      await res.text(),
      await (await t.call('GET', '/api/account', { cookie })).text(),
      await (await t.call('GET', '/api/account/export', { cookie })).text(),
      await (await t.call('GET', '/api/account/household', { cookie })).text(),
    ];
    for (const body of bodies) expect(body).not.toContain(value);
    expect(await storedEvents()).not.toContain(value);
    expect(await t.readStore.get(SESSIONS_COLLECTION, value)).toBeNull();
    expect(await t.readStore.get(SESSIONS_COLLECTION, sessionHash(value))).not.toBeNull();
  });

  it('given a sign-in, then beside the session a cookie scripts may read says one may exist (no secret, the same life), and signing out clears both', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const res = await verify(await t.linkFor(email));
    const hint = res.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`))!;
    expect(hint).toMatch(/^family_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/SameSite=Lax/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).toMatch(/Max-Age=2592000/);

    const out = await t.call('POST', '/api/account/sign-out', { cookie: sessionCookieOf(res)!, body: {} });
    const cleared = out.headers.getSetCookie();
    expect(cleared.some((c) => /^family_session=;/.test(c))).toBe(true);
    expect(cleared.some((c) => /^family_signed_in=;/.test(c))).toBe(true);
  });

  it('given a browser with a session but no hint (signed in before the hint existed), then the next answer sets it, and none after', async () => {
    t = await makeAccountApp();
    const cookie = await t.signIn(nextParentEmail());
    const answer = await t.call('GET', '/api/account', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toEqual([expect.stringMatching(/^family_signed_in=1;.*Max-Age=\d+/)]);
    const withHint = await t.call('GET', '/api/account', { cookie: `${cookie}; family_signed_in=1` });
    expect(withHint.headers.getSetCookie()).toEqual([]);
  });

  it('given PUBLIC_URL on https, then the cookie is Secure', async () => {
    t = await makeAccountApp({ env: { PUBLIC_URL: 'https://school.example' } });
    const email = nextParentEmail();
    await t.call('POST', '/api/account/sign-in', {
      body: { email },
      headers: { origin: 'https://school.example' },
    });
    const res = await verify(await t.linkFor(email), { origin: 'https://school.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('given a session, when signed out, then the cookie is cleared and the old value opens nothing (401)', async () => {
    t = await makeAccountApp();
    const cookie = await t.signIn(nextParentEmail());
    expect((await t.call('GET', '/api/account', { cookie })).status).toBe(200);

    const out = await t.call('POST', '/api/account/sign-out', { cookie, body: {} });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/family_session=;/);

    const after = await t.call('GET', '/api/account', { cookie });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('given two sessions of one household (two devices), when one signs out everywhere, then neither opens the family page', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const phone = await t.signIn(email);
    const laptop = await t.signIn(email);

    expect((await t.call('POST', '/api/account/sign-out-everywhere', { cookie: laptop, body: {} })).status).toBe(200);

    expect((await t.call('GET', '/api/account', { cookie: phone })).status).toBe(401);
    expect((await t.call('GET', '/api/account', { cookie: laptop })).status).toBe(401);
  });

  it('given a link e-mailed but not used yet, when the family signs out everywhere, then that link no longer signs in; a link asked for afterwards does', async () => {
    t = await makeAccountApp();
    const email = nextParentEmail();
    const laptop = await t.signIn(email);
    await t.call('POST', '/api/account/sign-in', { body: { email } });
    const pending = await t.linkFor(email);

    expect((await t.call('POST', '/api/account/sign-out-everywhere', { cookie: laptop, body: {} })).status).toBe(200);

    expect((await verify(pending)).status).toBe(401);
    expect(await t.signIn(email)).toMatch(/^family_session=/);
  });

  it('given a session unused for 30 days, then it has ended; one used within them moves its end (sliding)', async () => {
    const time = movableClock();
    t = await makeAccountApp({ clock: time.clock });
    const kept = await t.signIn(nextParentEmail());
    const left = await t.signIn(nextParentEmail());

    time.advance(20 * 86_400_000);
    expect((await t.call('GET', '/api/account', { cookie: kept })).status).toBe(200);
    time.advance(20 * 86_400_000);

    expect((await t.call('GET', '/api/account', { cookie: kept })).status).toBe(200);
    expect((await t.call('GET', '/api/account', { cookie: left })).status).toBe(401);
  });
});

describe('same-origin writes', () => {
  it.each([
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['another site, no Sec-Fetch-Site', { origin: 'https://evil.example', 'sec-fetch-site': '' }],
    ['no Origin and no Sec-Fetch-Site', { origin: '', 'sec-fetch-site': '' }],
  ])(
    'given a signed-in parent’s cookie, when a write comes from %s, then 403 and nothing is appended',
    async (_name, headers) => {
      t = await makeAccountApp();
      const cookie = await t.signIn(nextParentEmail());
      const before = await t.eventStore.headPosition();
      const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ''));
      const strip = { origin: clean.origin ?? '', 'sec-fetch-site': clean['sec-fetch-site'] ?? '' };

      for (const [method, path, body] of [
        ['POST', '/api/account/children', { name: 'Evil Child', dateOfBirth: '2016-01-01', grade: '1', school: 'X' }],
        ['POST', '/api/account/sign-out-everywhere', {}],
        ['POST', '/api/account/sign-in', { email: 'victim@example.com' }],
        ['DELETE', '/api/account/children/abc', undefined],
      ] as const) {
        const res = await t.app.request(path, {
          method,
          headers: {
            cookie,
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...Object.fromEntries(Object.entries(strip).filter(([, v]) => v !== '')),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'forbidden' });
      }
      expect(await t.eventStore.headPosition()).toBe(before);
      expect((await t.call('GET', '/api/account', { cookie })).status).toBe(200);
    },
  );
});
