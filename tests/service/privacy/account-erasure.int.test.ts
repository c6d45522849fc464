import { afterEach, describe, expect, it } from 'vitest';
import type { ErasureAccepted } from '../../../contracts/privacy/api.js';
import type { HouseholdDoc } from '../../../projections/account/households.js';
import { pseudonymsFor } from '../../../service/core/pseudonyms.js';
import { child, household, makeAccountApp, type AccountTestApp } from '../account/support.js';

let t: AccountTestApp;
afterEach(async () => {
  await t?.close();
});

const FIRST = 'eleanor.whitfield@example.com';
const SECOND = 'james.whitfield@example.com';
const PERSONAL = [
  FIRST,
  SECOND,
  'Eleanor',
  'Whitfield',
  'Ruth Porter',
  '9725550102',
  'Severe peanut allergy',
  'Hedgcoxe',
];

/** A household of two parents with its details and a child with an allergy; the first parent's session. */
async function family(): Promise<{ cookie: string; householdId: string }> {
  const cookie = await t.signIn(FIRST);
  await t.saveHousehold(cookie, household());
  await t.addChild(cookie, child({ hasDietaryRestrictions: true, dietaryRestrictions: 'Severe peanut allergy' }));
  expect((await t.call('POST', '/api/account/parents', { cookie, body: { email: SECOND } })).status).toBe(201);
  const { householdId } = await t.account(cookie);
  await t.join(SECOND, householdId);
  return { cookie, householdId };
}

describe('a family erasing itself (POST /api/account/erase)', () => {
  it('given a signed-in household of two parents, when one erases it, then 202, every session ends and the household read model holds nothing personal, the other parent’s address included', async () => {
    // With the reactors: the scrub rewrites the read models after the erasure.
    t = await makeAccountApp({ reactors: true });
    const { cookie, householdId } = await family();
    const before = JSON.stringify((await t.deps.readStore.get<HouseholdDoc>('households', householdId))?.doc);
    expect(before).toContain('Severe peanut allergy');

    const res = await t.call('POST', '/api/account/erase', { cookie, body: {} });
    expect(res.status, await res.clone().text()).toBe(202);
    const body = (await res.json()) as ErasureAccepted;
    expect(body.subjectId).toBe(pseudonymsFor(t.deps.config).email(FIRST));
    await t.settle();

    expect((await t.call('GET', '/api/account', { cookie })).status).toBe(401);
    const after = JSON.stringify((await t.deps.readStore.get<HouseholdDoc>('households', householdId))?.doc);
    for (const value of PERSONAL) expect(after, value).not.toContain(value);
    // The parent's own address and the household: never the other parent's (issue 36 item 1).
    const erased = (await t.eventStore.readAll()).filter((e) => e.type === 'PersonalDataErased');
    expect(erased.map((e) => (e.data as { subjectId: string }).subjectId).sort()).toEqual(
      [pseudonymsFor(t.deps.config).email(FIRST), `household:${householdId}`].sort(),
    );
    expect(erased.every((e) => (e.data as { by: string }).by === 'family')).toBe(true);

    // Signing in again with the address opens a new, empty family page, not the erased one.
    const again = await t.signIn(FIRST);
    const fresh = await t.account(again);
    expect(fresh.householdId).not.toBe(householdId);
    expect(fresh.children).toEqual([]);
  });

  it('given no session, or a page of another site, when erase is asked, then it is refused and nothing is erased', async () => {
    t = await makeAccountApp();
    const { cookie } = await family();
    expect((await t.call('POST', '/api/account/erase', { body: {} })).status).toBe(401);
    const crossSite = await t.call('POST', '/api/account/erase', {
      cookie,
      body: {},
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const bad = await t.call('POST', '/api/account/erase', { cookie, body: { cancelUpcoming: 'yes' } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('cancelUpcoming');
    expect((await t.eventStore.readAll()).some((e) => e.type === 'PersonalDataErased')).toBe(false);
    expect((await t.call('GET', '/api/account', { cookie })).status).toBe(200);
  });
});
