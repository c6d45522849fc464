import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_ANSWER } from '../../contracts/account/api.js';
import { MemoryKeyStore } from '../../platform/keystore/memory.js';
import type { KeyStore } from '../../platform/keystore/port.js';
import { signInMailsSent } from '../../service/account/sign-in.js';
import { pseudonymsFor } from '../../service/core/pseudonyms.js';
import { makeAccountApp, type AccountTestApp } from '../service/account/support.js';
import { nextParentEmail } from '../support/visitors.js';

let t: AccountTestApp;
afterEach(async () => {
  await t?.close();
});

/** A key store that notes, for each key asked for, whether the request's answer had come back by then. */
function watchedKeys() {
  const inner = new MemoryKeyStore();
  const state = { answered: false, asked: [] as { subject: string; answered: boolean }[] };
  const keys: KeyStore = {
    activeKey: (subject, scope) => {
      state.asked.push({ subject, answered: state.answered });
      return inner.activeKey(subject, scope);
    },
    keyById: (id) => inner.keyById(id),
    keysById: (ids) => inner.keysById(ids),
    destroy: (subject, at, scope) => inner.destroy(subject, at, scope),
    keysOf: (subject) => inner.keysOf(subject),
    generation: () => inner.generation(),
    close: () => inner.close(),
  };
  return { keys, state };
}

describe('issue 36 item 9: the first sign-in of a never-seen address answers before its key is made', () => {
  it('given an address the school has never seen, when it asks for a link, then nothing asks the key store before the 202; its key is made after, and the link e-mailed', async () => {
    const watched = watchedKeys();
    t = await makeAccountApp({ keys: watched.keys });
    const email = nextParentEmail('never-seen');
    const subject = pseudonymsFor(t.deps.config).email(email);
    const before = watched.state.asked.length;

    const res = await t.call('POST', '/api/account/sign-in', { body: { email } });
    watched.state.answered = true;

    expect(res.status).toBe(202);
    expect(await res.json()).toEqual(SIGN_IN_ANSWER);
    await signInMailsSent(t.deps);
    const asked = watched.state.asked.slice(before);
    expect(
      asked.filter((a) => !a.answered),
      'keys asked for before the answer',
    ).toEqual([]);
    expect(asked.map((a) => a.subject)).toContain(subject);
    expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('given a known address and a never-seen one, then the work before each answer is the same: no key made, no event appended', async () => {
    const watched = watchedKeys();
    t = await makeAccountApp({ keys: watched.keys });
    const known = nextParentEmail('known');
    await t.signIn(known);
    await signInMailsSent(t.deps);
    const appends: boolean[] = [];
    const stop = t.eventStore.onAppended(() => appends.push(watched.state.answered));
    try {
      for (const email of [known, nextParentEmail('new')]) {
        watched.state.answered = false;
        const [asked, appended] = [watched.state.asked.length, appends.length];
        const res = await t.call('POST', '/api/account/sign-in', { body: { email } });
        watched.state.answered = true;
        expect(res.status).toBe(202);
        await signInMailsSent(t.deps);
        const before = {
          keys: watched.state.asked.slice(asked).filter((a) => !a.answered).length,
          appends: appends.slice(appended).filter((answered) => !answered).length,
        };
        expect(before, email).toEqual({ keys: 0, appends: 0 });
        expect(appends.length, 'the link is recorded after the answer').toBeGreaterThan(appended);
      }
    } finally {
      stop();
    }
  });
});
