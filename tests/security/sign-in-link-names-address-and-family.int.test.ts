import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_REFUSAL_ANSWERS } from '../../service/account/refusal-answers.js';

const LINK_REFUSED = ACCOUNT_REFUSAL_ANSWERS.sign_in_link_refused.words({ code: 'sign_in_link_refused' });
import { makeAccountApp, type AccountTestApp } from '../service/account/support.js';

let t: AccountTestApp;
afterEach(async () => {
  await t?.close();
});

const preview = (token: string) => t.call('POST', '/api/account/sign-in/preview', { body: { token } });

describe('issue 36 item 9: a sign-in link’s page names the address (masked) and the family before the press', () => {
  it('given a link to an address with a family page, when its page asks, then it answers the address masked and the family’s page by name, writes nothing, and the link still signs in', async () => {
    t = await makeAccountApp();
    const email = 'margaret.whitfield@example.com';
    await t.saveHousehold(await t.signIn(email));
    expect((await t.call('POST', '/api/account/sign-in', { body: { email } })).status).toBe(202);
    const token = await t.linkFor(email);
    const head = await t.eventStore.headPosition();

    const res = await preview(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      email: 'm…@example.com',
      familyPage: 'the Whitfield family’s page',
      invitations: [],
    });
    expect(await t.eventStore.headPosition()).toBe(head);
    expect((await t.call('POST', '/api/account/sign-in/verify', { body: { token } })).status).toBe(200);
  });

  it('given a used, forged or malformed link, then its page gets the one refusal a press gets, naming no one', async () => {
    t = await makeAccountApp();
    const email = 'ruth.porter@example.com';
    expect((await t.call('POST', '/api/account/sign-in', { body: { email } })).status).toBe(202);
    const token = await t.linkFor(email);
    expect((await t.call('POST', '/api/account/sign-in/verify', { body: { token } })).status).toBe(200);
    for (const refused of [token, `${token.split('.')[0]}.${'A'.repeat(43)}`, 'not-a-token']) {
      const res = await preview(refused);
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ error: LINK_REFUSED });
      expect(text).not.toContain('ruth');
    }
  });
});
