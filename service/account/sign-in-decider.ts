import type { SignInEvent } from '../../contracts/account/events.js';
import type { Decider } from '../../platform/command/decider.js';
import { refuse } from './refusals.js';

/**
 * One e-mailed sign-in link, on its own stream `sign-in-<requestId>`: requested, then used at most
 * once before it expires. The use is decided here with the stream's expected revision, so two
 * presses of "Continue" at once (two tabs, two processes) sign in once.
 */
export type SignInState =
  | { status: 'none' }
  | {
      status: 'requested' | 'used';
      email: string;
      requestedAt: string;
      secretHash: string;
      expiresAt: string;
      emailSent: boolean;
    };

export type SignInCommand =
  | {
      type: 'RequestSignInLink';
      requestId: string;
      email: string;
      secretHash: string;
      expiresAt: string;
      clientKey: string;
      at: string;
    }
  | { type: 'UseSignInLink'; requestId: string; secretHash: string; householdId: string; at: string }
  | {
      type: 'RecordSignInEmail';
      requestId: string;
      householdId: string | null;
      messageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    };

/** The one answer to a link that cannot sign anyone in: used, expired, forged or malformed alike. */
export const linkRefused = () => refuse({ code: 'sign_in_link_refused' });

/**
 * A link signs in while it is unused and younger than its expiry, and only with its own secret.
 * Hashes of 256-bit secrets are compared: their timing tells nothing about a secret.
 */
export function assertUsable(
  state: SignInState,
  secretHash: string,
  at: string,
): asserts state is Exclude<SignInState, { status: 'none' }> {
  if (state.status !== 'requested' || state.secretHash !== secretHash) throw linkRefused();
  if (Date.parse(at) >= Date.parse(state.expiresAt)) throw linkRefused();
}

export const signInDecider: Decider<SignInCommand, SignInEvent, SignInState> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'SignInLinkRequested': {
        const { email, secretHash, expiresAt, requestedAt } = event.data;
        return { status: 'requested', email, secretHash, expiresAt, requestedAt, emailSent: false };
      }
      case 'SignInLinkUsed':
        return state.status === 'none' ? state : { ...state, status: 'used' };
      case 'SignInEmailSent':
        return state.status === 'none' ? state : { ...state, emailSent: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestSignInLink': {
        if (state.status !== 'none') throw refuse({ code: 'sign_in_request_exists' });
        const { requestId, email, secretHash, expiresAt, clientKey, at } = command;
        return [
          {
            type: 'SignInLinkRequested',
            data: { requestId, email, secretHash, expiresAt, requestedAt: at, clientKey },
          },
        ];
      }
      case 'UseSignInLink': {
        assertUsable(state, command.secretHash, command.at);
        const { requestId, householdId, at } = command;
        return [{ type: 'SignInLinkUsed', data: { requestId, usedAt: at, householdId } }];
      }
      case 'RecordSignInEmail': {
        if (state.status === 'none' || state.emailSent) return [];
        const { requestId, householdId, messageId, transport, at } = command;
        return [{ type: 'SignInEmailSent', data: { requestId, householdId, messageId, transport, sentAt: at } }];
      }
    }
  },
};
