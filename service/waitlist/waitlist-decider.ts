import type { Decider } from '../../platform/command/decider.js';
import type { WaitlistEvent, WaitlistJoined } from '../../contracts/waitlist/events.js';
import type { WaitlistStatus } from '../../contracts/waitlist/api.js';
import type { WaitlistRefusal } from '../../contracts/waitlist/refusals.js';
import { refuse } from './refusals.js';

export type WaitlistCommand =
  /**
   * A parent asks for a place (`entry.confirmBy` set: it counts once confirmed). At most `max`
   * entries of one client address (`entry.clientKey`) in the list at once; null: no cap.
   */
  | { type: 'JoinWaitlist'; entry: WaitlistJoined; max: number | null }
  /** The join e-mail's link was opened: the entry takes its place at the end of the line. */
  | { type: 'ConfirmEntry'; entryId: string; at: string }
  | { type: 'RecordConfirmationEmail'; entryId: string; messageId: string; transport: 'smtp' | 'outbox'; at: string }
  /** Its time to confirm is over (the lapse timer): it leaves without having counted. */
  | { type: 'LapseEntry'; entryId: string; at: string }
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
  /** Keyed hash of the client address that asked (absent in entries from before the cap). */
  clientKey?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** While unconfirmed: when the entry lapses. */
  confirmBy: string | null;
  confirmationEmailSent: boolean;
  offer: { offerId: string; seats: number; tokenNonce: string; expiresAt: string; emailSent: boolean } | null;
}

export interface WaitlistState {
  /** Every entry in the order they joined. */
  entries: WaitlistEntry[];
  byId: Record<string, number>;
  /** Offer id -> entry index. */
  byOffer: Record<string, number>;
  /** The line: indexes of the entries in the order they were confirmed (which is when they began to count). */
  line: number[];
}

/** Waiting or holding an offer: confirmed and still in the line. */
export const inLine = (e: WaitlistEntry) => e.status === 'waiting' || e.status === 'offered';

/** In the list at `at`: in the line, or not yet confirmed and still within its time. */
export const isActive = (e: WaitlistEntry, at: string) =>
  inLine(e) || (e.status === 'unconfirmed' && e.confirmBy !== null && Date.parse(e.confirmBy) > Date.parse(at));

/** The list's entry for this e-mail key at `at`, if that parent is in it (confirmed or not). */
export const activeEntryOf = (s: WaitlistState, emailKey: string, at: string) =>
  s.entries.find((e) => e.emailKey === emailKey && isActive(e, at));

/** The entries of the line, in its order (the order of confirmation). */
export const lineEntries = (s: WaitlistState): WaitlistEntry[] => s.line.map((i) => s.entries[i]!);

/**
 * Place in the line from 1: entries still in it that were confirmed before, plus one. For an
 * entry not (yet) in the line, the place it would take if confirmed now.
 */
export const positionOf = (s: WaitlistState, entryId: string): number => {
  const at = s.byId[entryId];
  let ahead = 0;
  for (const i of s.line) {
    if (i === at) break;
    if (inLine(s.entries[i]!)) ahead++;
  }
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

/** The 429 of an address that has asked for `max` places on this list already: wait until the first unconfirmed one lapses. */
function capReached(theirs: WaitlistEntry[], max: number, at: string): WaitlistRefusal {
  const lapses = theirs.flatMap((e) => (e.status === 'unconfirmed' && e.confirmBy ? [Date.parse(e.confirmBy)] : []));
  const wait = lapses.length > 0 ? Math.max(1, Math.ceil((Math.min(...lapses) - Date.parse(at)) / 1000)) : 24 * 3600;
  return { code: 'waitlist_cap_reached', max, retryAfterSeconds: wait };
}

/**
 * One workshop's waitlist (`waitlist-<workshopId>`). It decides who is in the line and which offer
 * stands for whom; the seats themselves are decided on the workshop stream (service/catalogue/workshop-decider.ts).
 */
export const waitlistDecider: Decider<WaitlistCommand, WaitlistEvent, WaitlistState> = {
  get initialState(): WaitlistState {
    return { entries: [], byId: {}, byOffer: {}, line: [] };
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WaitlistJoined': {
        const d = event.data;
        const index = state.entries.length;
        state.byId[d.entryId] = index;
        state.entries.push({
          id: d.entryId,
          seq: index + 1,
          // Joined before confirmation existed: counted at once.
          status: d.confirmBy ? 'unconfirmed' : 'waiting',
          participants: d.participants,
          emailKey: d.emailKey,
          ...(d.clientKey ? { clientKey: d.clientKey } : {}),
          firstName: d.firstName,
          lastName: d.lastName,
          email: d.email,
          phone: d.phone,
          confirmBy: d.confirmBy ?? null,
          confirmationEmailSent: false,
          offer: null,
        });
        if (!d.confirmBy) state.line.push(index);
        return state;
      }
      case 'WaitlistEntryConfirmed': {
        const i = state.byId[event.data.entryId];
        if (i === undefined) return state;
        state.line.push(i);
        return patch(state, i, (e) => {
          e.status = 'waiting';
          e.confirmBy = null;
        });
      }
      case 'WaitlistConfirmationEmailSent':
        return patch(state, state.byId[event.data.entryId], (e) => (e.confirmationEmailSent = true));
      case 'WaitlistEntryLapsed':
        return patch(state, state.byId[event.data.entryId], (e) => (e.status = 'lapsed'));
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
        const { entry, max } = command;
        if (state.byId[entry.entryId] !== undefined) return [];
        const at = entry.joinedAt;
        // The cap first: an address at its cap gets the same refusal whoever's e-mail it sends.
        if (max !== null && entry.clientKey) {
          const theirs = state.entries.filter((e) => e.clientKey === entry.clientKey && isActive(e, at));
          if (theirs.length >= max) throw refuse(capReached(theirs, max, at));
        }
        if (activeEntryOf(state, entry.emailKey, at)) return [];
        return [{ type: 'WaitlistJoined', data: entry }];
      }
      case 'ConfirmEntry': {
        const i = state.byId[command.entryId];
        const entry = i === undefined ? undefined : state.entries[i];
        if (!entry) throw refuse({ code: 'confirm_link_invalid' });
        if (inLine(entry)) return [];
        if (entry.status === 'lapsed' || (entry.status === 'unconfirmed' && !isActive(entry, command.at)))
          throw refuse({ code: 'confirm_link_expired' });
        if (entry.status !== 'unconfirmed')
          throw refuse({ code: entry.status === 'accepted' ? 'offer_taken_already' : 'no_longer_waiting' });
        return [{ type: 'WaitlistEntryConfirmed', data: { entryId: entry.id, confirmedAt: command.at } }];
      }
      case 'RecordConfirmationEmail': {
        const i = state.byId[command.entryId];
        const entry = i === undefined ? undefined : state.entries[i];
        if (!entry || entry.confirmationEmailSent) return [];
        const { entryId, messageId, transport, at } = command;
        return [{ type: 'WaitlistConfirmationEmailSent', data: { entryId, messageId, transport, sentAt: at } }];
      }
      case 'LapseEntry': {
        const i = state.byId[command.entryId];
        const entry = i === undefined ? undefined : state.entries[i];
        if (!entry || entry.status !== 'unconfirmed' || isActive(entry, command.at)) return [];
        return [{ type: 'WaitlistEntryLapsed', data: { entryId: entry.id, lapsedAt: command.at } }];
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
        if (!entry || !(inLine(entry) || entry.status === 'unconfirmed')) return [];
        const offerId = entry.status === 'offered' ? entry.offer?.offerId : undefined;
        return [
          { type: 'WaitlistLeft', data: { entryId: entry.id, ...(offerId ? { offerId } : {}), leftAt: command.at } },
        ];
      }
    }
  },
};
