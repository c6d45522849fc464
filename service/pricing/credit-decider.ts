import type { Decider } from '../../platform/command/decider.js';
import type { FamilyCreditEvent } from '../../contracts/pricing/credit.js';
import { refuse } from './refusals.js';
import { availableFor, balanceOf, EMPTY_LEDGER, giveBack, putIn, take, type BalanceLedger } from './balance-ledger.js';

export type ReleaseReason = 'refused' | 'expired' | 'cancelled' | 'replaced' | 'refunded';

export type FamilyCreditCommand =
  | {
      type: 'AddFamilyCredit';
      householdId: string;
      enrollmentId: string;
      refundKey: string;
      amountCents: number;
      at: string;
    }
  | {
      type: 'ReserveFamilyCredit';
      householdId: string;
      enrollmentId: string;
      amountCents: number;
      replaces?: string;
      at: string;
    }
  | { type: 'ReleaseFamilyCredit'; householdId: string; enrollmentId: string; reason: ReleaseReason; at: string };

export type FamilyCreditState = BalanceLedger;

/**
 * A household's credit (stream `household-credit-<householdId>`): refunds the family kept with the
 * school (once per refund key), parts taken by its enrollments (reserved with the seats, given back
 * if they end unpaid). A part is refused rather than let the credit go below zero.
 */
export const familyCreditDecider: Decider<FamilyCreditCommand, FamilyCreditEvent, FamilyCreditState> = {
  initialState: EMPTY_LEDGER,
  evolve(state, event) {
    switch (event.type) {
      case 'FamilyCreditAdded':
        return putIn(state, event.data.amountCents, event.data.refundKey);
      case 'FamilyCreditReserved':
        return take(state, event.data.enrollmentId, event.data.amountCents, event.data.replaces);
      case 'FamilyCreditReleased':
        return giveBack(state, event.data.enrollmentId);
    }
  },
  decide(command, state) {
    const { householdId, enrollmentId, at } = command;
    switch (command.type) {
      case 'AddFamilyCredit':
        if (state.returned.includes(command.refundKey)) return [];
        return [
          {
            type: 'FamilyCreditAdded',
            data: {
              householdId,
              amountCents: command.amountCents,
              refundKey: command.refundKey,
              enrollmentId,
              addedAt: at,
            },
          },
        ];
      case 'ReserveFamilyCredit': {
        if (state.taken[enrollmentId] !== undefined) return [];
        const available = availableFor(state, command.replaces);
        if (command.amountCents > available) {
          const balanceCents = Math.max(0, balanceOf(state));
          throw refuse({ code: 'family_credit_short', balanceCents, amountCents: command.amountCents });
        }
        const replaces = command.replaces && state.taken[command.replaces] !== undefined ? command.replaces : undefined;
        return [
          {
            type: 'FamilyCreditReserved',
            data: {
              householdId,
              enrollmentId,
              amountCents: command.amountCents,
              ...(replaces ? { replaces } : {}),
              reservedAt: at,
            },
          },
        ];
      }
      case 'ReleaseFamilyCredit':
        if (state.taken[enrollmentId] === undefined) return [];
        return [
          { type: 'FamilyCreditReleased', data: { householdId, enrollmentId, reason: command.reason, releasedAt: at } },
        ];
    }
  },
};
