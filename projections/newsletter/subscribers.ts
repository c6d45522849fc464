import { defineProjector } from '../../platform/processor/projector.js';
import {
  NEWSLETTER_SUBSCRIBER_EVENT_TYPES,
  type NewsletterSubscriberEvent,
} from '../../contracts/newsletter/events.js';

export type SubscriberStatus = 'requested' | 'subscribed' | 'suppressed';

export interface NewsletterSubscriberDoc {
  [field: string]: unknown;
  id: string;
  status: SubscriberStatus;
  /** When the consent was given (confirmed); null before. */
  confirmedAt: string | null;
}

export const NEWSLETTER_SUBSCRIBERS = 'newsletter-subscribers';

/**
 * One document per address by its keyed hash, never the address: who may be sent an announcement
 * (`subscribed`) and the suppression list (`suppressed`: unsubscribed or erased, never mailed
 * again). The addresses are read from the subscribers' own streams when a message leaves.
 */
export const newsletterSubscribersProjector = defineProjector<NewsletterSubscriberEvent, NewsletterSubscriberDoc>({
  name: NEWSLETTER_SUBSCRIBERS,
  collection: NEWSLETTER_SUBSCRIBERS,
  indexes: [[{ field: 'status' }, { field: 'id' }]],
  eventTypes: NEWSLETTER_SUBSCRIBER_EVENT_TYPES,
  keys: (event) => [event.data.subscriberKey],
  project(doc, event, id) {
    if (doc?.status === 'suppressed') return undefined;
    switch (event.type) {
      case 'NewsletterSubscriptionRequested':
        return doc ? undefined : { id, status: 'requested', confirmedAt: null };
      case 'NewsletterConfirmationEmailSent':
        return undefined;
      case 'NewsletterSubscribed':
        return { id, status: 'subscribed', confirmedAt: event.data.confirmedAt };
      case 'NewsletterUnsubscribed':
      case 'NewsletterSuppressed':
        return { id, status: 'suppressed', confirmedAt: doc?.confirmedAt ?? null };
    }
  },
});
