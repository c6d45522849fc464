import { z } from 'zod';

/**
 * Events of the stream `newsletter-subscriber-<subscriberKey>`: one address's newsletter consent,
 * the key being the keyed hash of the address (service/core/pseudonyms.ts `email`), which is also
 * its privacy subject. Only the request carries the address, encrypted under that subject's key:
 * an erasure leaves the hash and the fact that it may never be mailed again (the suppression list).
 */
export const NEWSLETTER_SUBSCRIBER_STREAM_PREFIX = 'newsletter-subscriber-';
export const newsletterSubscriberStream = (subscriberKey: string) =>
  `${NEWSLETTER_SUBSCRIBER_STREAM_PREFIX}${subscriberKey}`;

const Key = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a subscriber key');
const Instant = z.string().datetime({ offset: true });

export const NEWSLETTER_SOURCES = ['footer', 'enroll'] as const;
export const NewsletterSourceSchema = z.enum(NEWSLETTER_SOURCES);
export type NewsletterSource = z.infer<typeof NewsletterSourceSchema>;

/** The words the visitor agreed to, stored with each consent as they read them. */
export const NEWSLETTER_CONSENT_WORDING = 'Send me news of new classes';

/** A sign-up (the footer, or the enroll form's box): a confirmation e-mail follows; not subscribed yet. */
export const NewsletterSubscriptionRequestedSchema = z.object({
  subscriberKey: Key,
  email: z.string().min(1),
  source: NewsletterSourceSchema,
  consentWording: z.string().min(1),
  requestedAt: Instant,
});
export type NewsletterSubscriptionRequested = z.infer<typeof NewsletterSubscriptionRequestedSchema>;

/** The confirmation e-mail left (`emailMessageId` its Message-ID). */
export const NewsletterConfirmationEmailSentSchema = z.object({
  subscriberKey: Key,
  emailMessageId: z.string().min(1),
  transport: z.enum(['smtp', 'outbox']),
  sentAt: Instant,
});

/** Confirmed from the e-mail's page by pressing its button: subscribed, with the consent's words and time. */
export const NewsletterSubscribedSchema = z.object({
  subscriberKey: Key,
  source: NewsletterSourceSchema,
  consentWording: z.string().min(1),
  requestedAt: Instant,
  confirmedAt: Instant,
});

/** Unsubscribed (a page's button, or a mail provider's one-click POST): never mailed again. */
export const NewsletterUnsubscribedSchema = z.object({
  subscriberKey: Key,
  via: z.enum(['page', 'one-click']),
  at: Instant,
});

/** The address's data was erased: never mailed again, whatever is imported later. */
export const NewsletterSuppressedSchema = z.object({
  subscriberKey: Key,
  reason: z.literal('erased'),
  at: Instant,
});

export const newsletterEventSchemas = {
  NewsletterSubscriptionRequested: NewsletterSubscriptionRequestedSchema,
  NewsletterConfirmationEmailSent: NewsletterConfirmationEmailSentSchema,
  NewsletterSubscribed: NewsletterSubscribedSchema,
  NewsletterUnsubscribed: NewsletterUnsubscribedSchema,
  NewsletterSuppressed: NewsletterSuppressedSchema,
} as const;

export type NewsletterSubscriberEvent =
  | { type: 'NewsletterSubscriptionRequested'; data: NewsletterSubscriptionRequested }
  | { type: 'NewsletterConfirmationEmailSent'; data: z.infer<typeof NewsletterConfirmationEmailSentSchema> }
  | { type: 'NewsletterSubscribed'; data: z.infer<typeof NewsletterSubscribedSchema> }
  | { type: 'NewsletterUnsubscribed'; data: z.infer<typeof NewsletterUnsubscribedSchema> }
  | { type: 'NewsletterSuppressed'; data: z.infer<typeof NewsletterSuppressedSchema> };

export const NEWSLETTER_SUBSCRIBER_EVENT_TYPES = [
  'NewsletterSubscriptionRequested',
  'NewsletterConfirmationEmailSent',
  'NewsletterSubscribed',
  'NewsletterUnsubscribed',
  'NewsletterSuppressed',
] as const satisfies readonly NewsletterSubscriberEvent['type'][];
