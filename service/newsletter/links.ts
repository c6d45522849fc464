import { SCHOOL } from '../../contracts/core/school.js';
import type { Config } from '../core/config.js';
import { purposeTokensFor } from '../core/purpose-tokens.js';

export const NEWSLETTER_DOMAIN = SCHOOL.email.split('@')[1]!;

/** The site's address for links in e-mails: PUBLIC_URL, or the local server when it is not set. */
export const siteBase = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

/**
 * The newsletter's links: each token names the subscriber's keyed hash and is signed for one
 * purpose, so a confirmation link never unsubscribes and no address is in any link.
 */
export function newsletterLinksFor(config: Config) {
  const confirm = purposeTokensFor(config, 'newsletter-confirm');
  const unsubscribe = purposeTokensFor(config, 'newsletter-unsubscribe');
  const base = siteBase(config);
  const keyOf = (token: string, tokens: typeof confirm) => {
    const signed = tokens.verify(token);
    return signed && signed.version === 0 ? signed.id : null;
  };
  return {
    confirmUrl: (key: string) => `${base}/newsletter/confirm/${confirm.token(key)}`,
    unsubscribePage: (key: string) => `${base}/newsletter/unsubscribe/${unsubscribe.token(key)}`,
    /** Where a mail provider's one-click unsubscribe posts (RFC 8058). */
    unsubscribePost: (key: string) => `${base}/api/newsletter/unsubscribe/${unsubscribe.token(key)}`,
    unsubscribeMailto: (key: string) =>
      `mailto:unsubscribe@${NEWSLETTER_DOMAIN}?subject=unsubscribe%20${unsubscribe.token(key)}`,
    confirmedKey: (token: string) => keyOf(token, confirm),
    unsubscribeKey: (token: string) => keyOf(token, unsubscribe),
  };
}
