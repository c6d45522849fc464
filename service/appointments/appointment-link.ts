import type { Config } from '../core/config.js';
import { createSignedTokens, type SignedTokens } from '../core/signed-token.js';

const byConfig = new WeakMap<Config, SignedTokens>();

/**
 * The parent's appointment page, `/appointment/<appointmentId>.<signature>`: a signed token of its
 * own purpose under BOOKING_LINK_SECRET, so a class's booking link never opens an appointment nor
 * the other way round. Null when the server signs no links.
 */
export function appointmentLinksFor(config: Config): SignedTokens | null {
  if (!config.BOOKING_LINK_SECRET) return null;
  let links = byConfig.get(config);
  if (!links) {
    links = createSignedTokens(config.BOOKING_LINK_SECRET, 'appointment-link');
    byConfig.set(config, links);
  }
  return links;
}

/** `/appointment/<token>`, or null. */
export function appointmentPath(config: Config, appointmentId: string): string | null {
  const links = appointmentLinksFor(config);
  return links ? `/appointment/${links.token(appointmentId)}` : null;
}

/** The appointment page's whole address: PUBLIC_URL, or the local server when it is unset. */
export function appointmentUrl(config: Config, appointmentId: string): string | null {
  const path = appointmentPath(config, appointmentId);
  return path ? `${(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '')}${path}` : null;
}
