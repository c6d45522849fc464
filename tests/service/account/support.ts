import { expect } from 'vitest';
import type { ChildInput } from '../../../contracts/account/child.js';
import type { HouseholdDetailsInput } from '../../../contracts/account/household.js';
import type { AccountView } from '../../../contracts/account/api.js';
import { signInMailsSent } from '../../../service/account/sign-in.js';
import { makeTestApp, type TestApp, type TestAppOptions } from '../../support/app.js';
import { MemoryMailer } from '../../support/memory-mailer.js';

/** The site's origin as the test app sees it (no PUBLIC_URL: the address asked). */
export const ORIGIN = 'http://localhost';
/** What a browser sends with a write from one of the site's pages. */
export const SAME_SITE = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface AccountTestApp extends TestApp {
  mailer: MemoryMailer;
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** The link of the newest sign-in e-mail to `email`, once it has left. */
  linkFor(email: string): Promise<string>;
  /** Asks for a link, opens it, presses "Continue": the session cookie (`name=value`). */
  signIn(email: string): Promise<string>;
  /** The invited address opens its newest link and presses "Join" for the household that invited it: its session cookie. */
  join(email: string, householdId: string): Promise<string>;
  account(cookie: string, minPosition?: string): Promise<AccountView>;
  addChild(cookie: string, child?: Partial<ChildInput>): Promise<string>;
  saveHousehold(cookie: string, details?: Partial<HouseholdDetailsInput>): Promise<void>;
}

export const child = (overrides: Partial<ChildInput> = {}): ChildInput => ({
  name: 'Lily Whitfield',
  dateOfBirth: '2017-03-14',
  grade: '3rd',
  school: 'Hedgcoxe Elementary',
  hasDietaryRestrictions: false,
  dietaryRestrictions: '',
  medicalNotes: '',
  ...overrides,
});

export const household = (overrides: Partial<HouseholdDetailsInput> = {}): HouseholdDetailsInput => ({
  firstName: 'Eleanor',
  lastName: 'Whitfield',
  phone: '9725550100',
  emergencyContact1Name: 'James Whitfield',
  emergencyContact1Phone: '9725550101',
  emergencyContact1Relationship: 'Father',
  emergencyContact2Name: 'Ruth Porter',
  emergencyContact2Phone: '9725550102',
  emergencyContact2Relationship: 'Grandmother',
  pickupAdults: [{ name: 'Ruth Porter', relationship: 'Grandmother', phone: '9725550102' }],
  ...overrides,
});

/** The `name=value` of the session cookie an answer sets, or null. */
export const sessionCookieOf = (res: Response): string | null => {
  const header = res.headers.get('set-cookie');
  const match = header && /(family_session=[^;]*)/.exec(header);
  return match && !match[1]!.endsWith('=') ? match[1]! : null;
};

export async function makeAccountApp(options: TestAppOptions = {}): Promise<AccountTestApp> {
  const mailer = new MemoryMailer();
  const t = await makeTestApp({ ...options, extra: (config) => ({ mailer, ...options.extra?.(config) }) });
  const call = async (method: string, path: string, { body, cookie, headers = {} }: CallOptions = {}) =>
    t.app.request(path, {
      method,
      headers: {
        ...SAME_SITE,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const linkFor = async (email: string) => {
    await signInMailsSent(t.deps);
    const mail = mailer.sent.filter((m) => m.to === email).at(-1);
    const link = mail && /https?:\/\/\S+\/account\/sign-in\/(\S+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no sign-in e-mail to ${email}`);
    return link;
  };
  const signIn = async (email: string) => {
    expect((await call('POST', '/api/account/sign-in', { body: { email } })).status).toBe(202);
    const res = await call('POST', '/api/account/sign-in/verify', { body: { token: await linkFor(email) } });
    expect(res.status, await res.clone().text()).toBe(200);
    return sessionCookieOf(res)!;
  };
  const join = async (email: string, householdId: string) => {
    const res = await call('POST', '/api/account/sign-in/verify', {
      body: { token: await linkFor(email), join: householdId },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return sessionCookieOf(res)!;
  };
  const account = async (cookie: string, minPosition?: string) => {
    const res = await call('GET', `/api/account${minPosition ? `?minPosition=${minPosition}` : ''}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AccountView;
  };
  const addChild = async (cookie: string, overrides: Partial<ChildInput> = {}) => {
    const res = await call('POST', '/api/account/children', { cookie, body: child(overrides) });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const saveHousehold = async (cookie: string, overrides: Partial<HouseholdDetailsInput> = {}) => {
    const res = await call('PUT', '/api/account/household', { cookie, body: household(overrides) });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  return { ...t, mailer, call, linkFor, signIn, join, account, addChild, saveHousehold };
}
