import type { Decider } from '../../../platform/command/decider.js';
import { refuse } from '../decider/refusals.js';
import type { ClientHoldEvent } from '../../../contracts/enrollment/client-holds.js';

export type ClientHoldsCommand =
  /** Counts `seats` against the client's allowance before the workshop is asked for them. */
  | {
      type: 'HoldClientSeats';
      enrollmentId: string;
      workshopId: string;
      seats: number;
      expiresAt: string;
      /** The enrollment whose hold this one replaces (its hold token came with the form): its entry is taken over. */
      replaces?: string;
      /** MAX_HELD_SEATS_PER_CLIENT. */
      max: number;
      at: string;
    }
  /** Gives them back: refused by the workshop, paid or confirmed, replaced, released. */
  | {
      type: 'FreeClientSeats';
      enrollmentId: string;
      reason: 'refused' | 'confirmed' | 'replaced' | 'released';
      at: string;
    };

interface Entry {
  workshopId: string;
  seats: number;
  expiresAtMs: number;
}

export interface ClientHoldsState {
  /** Live entries by enrollment id; entries past their expiry are dropped as the stream is folded. */
  entries: Record<string, Entry>;
}

/**
 * The unpaid seats one client address holds, across workshops (stream `client-holds-<clientKey>`).
 * An entry counts until its hold's expiry, so the allowance heals by itself when a give-back is
 * missed. An entry that replaces another of the same workshop (the hold token named it) takes it
 * over, as the workshop replaces the hold.
 */
export const clientHoldsDecider: Decider<ClientHoldsCommand, ClientHoldEvent, ClientHoldsState> = {
  initialState: { entries: {} },

  evolve(state, event) {
    const entries: Record<string, Entry> = {};
    const now = Date.parse(event.type === 'ClientSeatsHeld' ? event.data.heldAt : event.data.freedAt);
    for (const [id, e] of Object.entries(state.entries)) if (e.expiresAtMs > now) entries[id] = e;
    switch (event.type) {
      case 'ClientSeatsHeld': {
        const { enrollmentId, workshopId, seats, expiresAt, replaces } = event.data;
        if (replaces) delete entries[replaces];
        entries[enrollmentId] = { workshopId, seats, expiresAtMs: Date.parse(expiresAt) };
        return { entries };
      }
      case 'ClientSeatsFreed':
        delete entries[event.data.enrollmentId];
        return { entries };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'HoldClientSeats': {
        const { enrollmentId, workshopId, seats, expiresAt, max, at } = command;
        if (state.entries[enrollmentId]) return [];
        const now = Date.parse(at);
        const live = Object.entries(state.entries).filter(([, e]) => e.expiresAtMs > now);
        const replaces = live.find(([id, e]) => id === command.replaces && e.workshopId === workshopId)?.[0];
        const counted = live.filter(([id]) => id !== replaces);
        const held = counted.reduce((n, [, e]) => n + e.seats, 0);
        if (seats > max) throw refuse({ code: 'unpaid_seats_over_max', max });
        if (held + seats > max) {
          const soonest = Math.min(...counted.map(([, e]) => e.expiresAtMs));
          const retryAfterSeconds = Math.max(1, Math.ceil((soonest - now) / 1000));
          throw refuse({ code: 'unpaid_seats_capped', held, max, retryAfterSeconds });
        }
        return [
          {
            type: 'ClientSeatsHeld',
            data: {
              enrollmentId,
              workshopId,
              seats,
              expiresAt,
              ...(replaces ? { replaces } : {}),
              heldAt: at,
            },
          },
        ];
      }
      case 'FreeClientSeats': {
        if (!state.entries[command.enrollmentId]) return [];
        return [
          {
            type: 'ClientSeatsFreed',
            data: { enrollmentId: command.enrollmentId, reason: command.reason, freedAt: command.at },
          },
        ];
      }
    }
  },
};
