import { expect } from 'vitest';
import type { MailMessage } from '../../../service/mail/port.js';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { MemoryMailer } from '../../support/memory-mailer.js';

export interface NewsletterApp {
  t: TestApp;
  mailer: MemoryMailer;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** A visitor signs up and the effects run: 202. */
  subscribe(email: string, source?: 'footer' | 'enroll'): Promise<Response>;
  /** The confirmation e-mails sent to this address. */
  confirmations(email: string): MailMessage[];
  /** The token of the newest confirmation link sent to this address. */
  confirmToken(email: string): string;
  /** Signs up, confirms by the page's button, and answers the address's subscriber key. */
  subscribed(email: string): Promise<void>;
}

/** The whole app with every reactor (the e-mails) on memory stores, the mail kept in memory. */
export async function makeNewsletterApp(env: Record<string, string> = {}): Promise<NewsletterApp> {
  const mailer = new MemoryMailer();
  const t = await makeTestApp({
    reactors: true,
    env: { PUBLIC_URL: 'https://school.example', ...env },
    extra: () => ({ mailer }),
  });
  const post = async (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.request(path, {
      method: 'POST',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const confirmations = (email: string) =>
    mailer.sent.filter((m) => m.to === email && m.messageId.startsWith('<newsletter-confirm-'));
  const confirmToken = (email: string) => {
    const link = /https:\/\/school\.example\/newsletter\/confirm\/(\S+)/.exec(confirmations(email).at(-1)!.text);
    return link![1]!;
  };
  const subscribe = async (email: string, source: 'footer' | 'enroll' = 'footer') => {
    const r = await post('/api/newsletter/subscribe', { email, source });
    await t.settle();
    return r;
  };
  return {
    t,
    mailer,
    post,
    subscribe,
    confirmations,
    confirmToken,
    async subscribed(email) {
      expect((await subscribe(email)).status).toBe(202);
      expect((await post(`/api/newsletter/confirm/${confirmToken(email)}`)).status).toBe(200);
      await t.settle();
    },
  };
}
