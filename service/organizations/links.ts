import type { Config } from '../core/config.js';
import { createSignedTokens, type SignedTokens } from '../core/signed-token.js';

/**
 * The organization's links, signed like the booking links (service/core/signed-token.ts, under
 * BOOKING_LINK_SECRET), each with its own purpose so a token of one never opens another:
 * `/quote/<quoteId>.<version>.<signature>` (a revision makes the earlier versions' links say so),
 * `/invoice/<invoiceId>.<signature>` and `/group/<groupId>.<signature>` (one invoice line's seats).
 */
export interface OrganizationLinks {
  quote: SignedTokens;
  invoice: SignedTokens;
  group: SignedTokens;
}

const byConfig = new WeakMap<Config, OrganizationLinks>();

/** The links of this configuration's secret, or null when it has none (then every token is refused). */
export function organizationLinksFor(config: Config): OrganizationLinks | null {
  if (!config.BOOKING_LINK_SECRET) return null;
  let links = byConfig.get(config);
  if (!links) {
    const secret = config.BOOKING_LINK_SECRET;
    links = {
      quote: createSignedTokens(secret, 'quote'),
      invoice: createSignedTokens(secret, 'invoice'),
      group: createSignedTokens(secret, 'group-booking'),
    };
    byConfig.set(config, links);
  }
  return links;
}

/** PUBLIC_URL, or the local server when it is unset (as the other e-mails build their links). */
export const siteUrl = (config: Config, path: string) =>
  `${(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '')}${path}`;
