import type { NewsletterSource, NewsletterSubscriberEvent } from '../../contracts/newsletter/events.js';
import type { Decider } from '../../platform/command/decider.js';

/** One address's consent: asked (not yet confirmed), subscribed, or never to be mailed again. */
export type SubscriberState =
  | { phase: 'none' }
  | {
      phase: 'requested';
      email: string;
      source: NewsletterSource;
      consentWording: string;
      requestedAt: string;
      confirmationSent: boolean;
    }
  | { phase: 'subscribed'; email: string; confirmedAt: string }
  | { phase: 'suppressed' };

export type SubscriberCommand =
  | {
      type: 'RequestSubscription';
      subscriberKey: string;
      email: string;
      source: NewsletterSource;
      consentWording: string;
      at: string;
    }
  | {
      type: 'RecordConfirmationEmail';
      subscriberKey: string;
      emailMessageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    }
  | { type: 'ConfirmSubscription'; subscriberKey: string; at: string }
  | { type: 'Unsubscribe'; subscriberKey: string; via: 'page' | 'one-click'; at: string }
  | { type: 'Suppress'; subscriberKey: string; at: string };

/** Whether the address may be mailed an announcement. */
export const isSubscribed = (s: SubscriberState): s is Extract<SubscriberState, { phase: 'subscribed' }> =>
  s.phase === 'subscribed';

/**
 * A subscriber: every command is safe to repeat (a second sign-up, confirmation or unsubscribe
 * records nothing), and once suppressed (unsubscribed, erased) nothing brings the address back.
 */
export const subscriberDecider: Decider<SubscriberCommand, NewsletterSubscriberEvent, SubscriberState> = {
  initialState: { phase: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'NewsletterSubscriptionRequested': {
        const d = event.data;
        return {
          phase: 'requested',
          email: d.email,
          source: d.source,
          consentWording: d.consentWording,
          requestedAt: d.requestedAt,
          confirmationSent: false,
        };
      }
      case 'NewsletterConfirmationEmailSent':
        return state.phase === 'requested' ? { ...state, confirmationSent: true } : state;
      case 'NewsletterSubscribed':
        return state.phase === 'requested'
          ? { phase: 'subscribed', email: state.email, confirmedAt: event.data.confirmedAt }
          : state;
      case 'NewsletterUnsubscribed':
      case 'NewsletterSuppressed':
        return { phase: 'suppressed' };
    }
  },
  decide(command, state) {
    const { subscriberKey } = command;
    switch (command.type) {
      case 'RequestSubscription':
        return state.phase !== 'none'
          ? []
          : [
              {
                type: 'NewsletterSubscriptionRequested',
                data: {
                  subscriberKey,
                  email: command.email,
                  source: command.source,
                  consentWording: command.consentWording,
                  requestedAt: command.at,
                },
              },
            ];
      case 'RecordConfirmationEmail':
        return state.phase !== 'requested' || state.confirmationSent
          ? []
          : [
              {
                type: 'NewsletterConfirmationEmailSent',
                data: {
                  subscriberKey,
                  emailMessageId: command.emailMessageId,
                  transport: command.transport,
                  sentAt: command.at,
                },
              },
            ];
      case 'ConfirmSubscription':
        return state.phase !== 'requested'
          ? []
          : [
              {
                type: 'NewsletterSubscribed',
                data: {
                  subscriberKey,
                  source: state.source,
                  consentWording: state.consentWording,
                  requestedAt: state.requestedAt,
                  confirmedAt: command.at,
                },
              },
            ];
      case 'Unsubscribe':
        return state.phase === 'suppressed'
          ? []
          : [{ type: 'NewsletterUnsubscribed', data: { subscriberKey, via: command.via, at: command.at } }];
      case 'Suppress':
        return state.phase === 'suppressed'
          ? []
          : [{ type: 'NewsletterSuppressed', data: { subscriberKey, reason: 'erased', at: command.at } }];
    }
  },
};
