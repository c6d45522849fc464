import type { Decider } from '../../platform/command/decider.js';
import type { WaitlistEvent, WaitlistJoined } from '../../contracts/waitlist/events.js';
import type { WaitlistStatus } from '../../contracts/waitlist/api.js';

export type WaitlistCommand =
  | { type: 'JoinWaitlist'; entry: WaitlistJoined }
  /** The seats are already held on the workshop stream (hold `offerId`); this says for whom and until when. */
  | {
      type: 'RecordOffer';
      entryId: string;
      offerId: string;
      seats: number;
      tokenNonce: string;
      at: string;
      expiresAt: string;
    }
  | {
      type: 'RecordOfferEmail';
      entryId: string;
      offerId: string;
      messageId: string;
      transport: 'smtp' | 'outbox';
      at: string;
    }
  | { type: 'AcceptOffer'; offerId: string; enrollmentId: string; at: string }
  | { type: 'ExpireOffer'; offerId: string; at: string }
  | { type: 'LeaveWaitlist'; entryId: string; at: string };

export interface WaitlistEntry {
  id: string;
  seq: number;
  status: WaitlistStatus;
  participants: number;
  emailKey: string;
  firstName: string;
  email: string;
  offer: { offerId: string; seats: number; tokenNonce: string; expiresAt: string; emailSent: boolean } | null;
}

export interface WaitlistState {
  /** Every entry in the order they joined. */
  entries: WaitlistEntry[];
  byId: Record<string, number>;
  /** Offer id -> entry index. */
  byOffer: Record<string, number>;
}

/** Waiting or holding an offer: still in the line. */
export const inLine = (e: WaitlistEntry) => e.status === 'waiting' || e.status === 'offered';

/** The line's entry for this e-mail key, if that parent is still in it. */
export const activeEntryOf = (s: WaitlistState, emailKey: string) =>
  s.entries.find((e) => e.emailKey === emailKey && inLine(e));

/** Place in the line from 1: entries still in it that joined before, plus one. */
export const positionOf = (s: WaitlistState, entryId: string): number => {
  const at = s.byId[entryId];
  if (at === undefined) return 0;
  let ahead = 0;
  for (let i = 0; i < at; i++) if (inLine(s.entries[i]!)) ahead++;
  return ahead + 1;
};

export const entryOfOffer = (s: WaitlistState, offerId: string): WaitlistEntry | undefined => {
  const i = s.byOffer[offerId];
  return i === undefined ? undefined : s.entries[i];
};

/**
 * Changes entry `i` in place. The handler folds each stream from a fresh initial state (or its own
 * cached copy), never from state shared with a caller, so the waitlist of a busy workshop (a
 * thousand entries) is folded in linear time rather than copied at every event.
 */
const patch = (s: WaitlistState, i: number | undefined, change: (e: WaitlistEntry) => void): WaitlistState => {
  if (i !== undefined && s.entries[i]) change(s.entries[i]);
  return s;
};

/**
 * One workshop's waitlist (`waitlist-<workshopId>`). It decides who is in the line and which offer
 * stands for whom; the seats themselves are decided on the workshop stream (seat-ledger.ts).
 */
export const waitlistDecider: Decider<WaitlistCommand, WaitlistEvent, WaitlistState> = {
  get initialState(): WaitlistState {
    return { entries: [], byId: {}, byOffer: {} };
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WaitlistJoined': {
        const d = event.data;
        state.byId[d.entryId] = state.entries.length;
        state.entries.push({
          id: d.entryId,
          seq: state.entries.length + 1,
          status: 'waiting',
          participants: d.participants,
          emailKey: d.emailKey,
          firstName: d.firstName,
          email: d.email,
          offer: null,
        });
        return state;
      }
      case 'WaitlistOffered': {
        const { entryId, offerId, seats, tokenNonce, expiresAt } = event.data;
        state.byOffer[offerId] = state.byId[entryId]!;
        return patch(state, state.byId[entryId], (e) => {
          e.status = 'offered';
          e.offer = { offerId, seats, tokenNonce, expiresAt, emailSent: false };
        });
      }
      case 'WaitlistOfferEmailSent':
        return patch(state, state.byId[event.data.entryId], (e) => {
          if (e.offer) e.offer.emailSent = true;
        });
      case 'WaitlistOfferAccepted':
        return patch(state, state.byId[event.data.entryId], (e) => (e.status = 'accepted'));
      case 'WaitlistOfferExpired':
        return patch(state, state.byId[event.data.entryId], (e) => (e.status = 'expired'));
      case 'WaitlistLeft':
        return patch(state, state.byId[event.data.entryId], (e) => (e.status = 'left'));
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'JoinWaitlist': {
        const { entry } = command;
        if (state.byId[entry.entryId] !== undefined || activeEntryOf(state, entry.emailKey)) return [];
        return [{ type: 'WaitlistJoined', data: entry }];
      }
      case 'RecordOffer': {
        const i = state.byId[command.entryId];
        const entry = i === undefined ? undefined : state.entries[i];
        // Offered already (a second offer maker, a redelivery), or no longer waiting: nothing to record.
        if (!entry || entry.status !== 'waiting') return [];
        const { entryId, offerId, seats, tokenNonce, at, expiresAt } = command;
        return [{ type: 'WaitlistOffered', data: { entryId, offerId, seats, tokenNonce, offeredAt: at, expiresAt } }];
      }
      case 'RecordOfferEmail': {
        const entry = entryOfOffer(state, command.offerId);
        if (!entry?.offer || entry.offer.emailSent) return [];
        const { entryId, offerId, messageId, transport, at } = command;
        return [{ type: 'WaitlistOfferEmailSent', data: { entryId, offerId, messageId, transport, sentAt: at } }];
      }
      case 'AcceptOffer': {
        const entry = entryOfOffer(state, command.offerId);
        if (!entry || entry.status !== 'offered') return [];
        return [
          {
            type: 'WaitlistOfferAccepted',
            data: {
              entryId: entry.id,
              offerId: command.offerId,
              enrollmentId: command.enrollmentId,
              acceptedAt: command.at,
            },
          },
        ];
      }
      case 'ExpireOffer': {
        const entry = entryOfOffer(state, command.offerId);
        if (!entry || entry.status !== 'offered') return [];
        return [
          {
            type: 'WaitlistOfferExpired',
            data: { entryId: entry.id, offerId: command.offerId, expiredAt: command.at },
          },
        ];
      }
      case 'LeaveWaitlist': {
        const i = state.byId[command.entryId];
        const entry = i === undefined ? undefined : state.entries[i];
        if (!entry || !inLine(entry)) return [];
        const offerId = entry.status === 'offered' ? entry.offer?.offerId : undefined;
        return [
          { type: 'WaitlistLeft', data: { entryId: entry.id, ...(offerId ? { offerId } : {}), leftAt: command.at } },
        ];
      }
    }
  },
};
