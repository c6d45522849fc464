import type { Config } from '../core/config.js';
import { newsletterLinksFor } from './links.js';
import type { UnsubscribeLinks } from './announcement-email.js';

/** The unsubscribe links of one address by its keyed hash. */
export function unsubscribeLinksOf(config: Config, subscriberKey: string): UnsubscribeLinks {
  const links = newsletterLinksFor(config);
  return {
    page: links.unsubscribePage(subscriberKey),
    post: links.unsubscribePost(subscriberKey),
    mailto: links.unsubscribeMailto(subscriberKey),
  };
}
