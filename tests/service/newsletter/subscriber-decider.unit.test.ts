import { describe, it } from 'vitest';
import type { NewsletterSubscriberEvent } from '../../../contracts/newsletter/events.js';
import { subscriberDecider } from '../../../service/newsletter/subscriber-decider.js';
import { deciderSpec } from '../../support/decider.js';

const spec = deciderSpec(subscriberDecider);
const K = 'AbCdEfGhIjKlMnOpQrStUv';
const AT = '2025-05-01T12:00:00.000Z';
const LATER = '2025-05-01T12:05:00.000Z';
const ask = {
  type: 'RequestSubscription' as const,
  subscriberKey: K,
  email: 'ann@example.com',
  source: 'footer' as const,
  consentWording: 'Send me news of new classes',
  at: AT,
};
const requested: NewsletterSubscriberEvent = {
  type: 'NewsletterSubscriptionRequested',
  data: {
    subscriberKey: K,
    email: 'ann@example.com',
    source: 'footer',
    consentWording: 'Send me news of new classes',
    requestedAt: AT,
  },
};
const subscribed: NewsletterSubscriberEvent = {
  type: 'NewsletterSubscribed',
  data: {
    subscriberKey: K,
    source: 'footer',
    consentWording: 'Send me news of new classes',
    requestedAt: AT,
    confirmedAt: LATER,
  },
};
const unsubscribed: NewsletterSubscriberEvent = {
  type: 'NewsletterUnsubscribed',
  data: { subscriberKey: K, via: 'one-click', at: LATER },
};
const suppressed: NewsletterSubscriberEvent = {
  type: 'NewsletterSuppressed',
  data: { subscriberKey: K, reason: 'erased', at: LATER },
};

describe('a newsletter subscriber', () => {
  it('given nothing, when the address signs up, then the request is recorded with its consent words', () => {
    spec([]).when(ask).then([requested]);
  });

  it('given a request, a subscription, an unsubscribe or an erasure, when it signs up again, then nothing is recorded', () => {
    for (const given of [[requested], [requested, subscribed], [requested, subscribed, unsubscribed], [suppressed]])
      spec(given).when(ask).then([]);
  });

  it('given a request, when it is confirmed, then subscribed with the words and both times; again, nothing', () => {
    spec([requested]).when({ type: 'ConfirmSubscription', subscriberKey: K, at: LATER }).then([subscribed]);
    spec([requested, subscribed]).when({ type: 'ConfirmSubscription', subscriberKey: K, at: LATER }).then([]);
  });

  it('given an unsubscribed address, when a confirmation link is posted, then it stays unsubscribed', () => {
    spec([requested, unsubscribed]).when({ type: 'ConfirmSubscription', subscriberKey: K, at: LATER }).then([]);
  });

  it('given a subscriber, when it unsubscribes, then recorded once', () => {
    const command = { type: 'Unsubscribe' as const, subscriberKey: K, via: 'one-click' as const, at: LATER };
    spec([requested, subscribed]).when(command).then([unsubscribed]);
    spec([requested, subscribed, unsubscribed]).when(command).then([]);
  });

  it('given an address never seen, when it is erased, then it is suppressed', () => {
    spec([]).when({ type: 'Suppress', subscriberKey: K, at: LATER }).then([suppressed]);
  });
});
