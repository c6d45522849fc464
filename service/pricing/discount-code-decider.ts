import { Map as LiveMap } from 'immutable';
import type { Decider } from '../../platform/command/decider.js';
import type {
  DiscountCodeEvent,
  DiscountCodeRules,
  RedemptionReleaseReason,
} from '../../contracts/pricing/discount-codes.js';
import { codeRefusal, type CodeUse } from './code-rules.js';
import { refuse } from './refusals.js';

export type DiscountCodeCommand =
  | { type: 'CreateDiscountCode'; rules: DiscountCodeRules; at: string }
  | { type: 'DeactivateDiscountCode'; at: string }
  /** Takes one use of the code for an enrollment, with its seats; `replaces` hands over the same parent's earlier one. */
  | ({ type: 'RedeemDiscountCode'; enrollmentId: string; discountCents: number; replaces?: string } & CodeUse)
  | { type: 'ReleaseRedemption'; enrollmentId: string; reason: RedemptionReleaseReason; at: string };

export type DiscountCodeState =
  | { status: 'none' }
  | {
      status: 'active' | 'inactive';
      rules: DiscountCodeRules;
      /**
       * Redemptions that count now: discount cents by enrollment. A persistent map, so a use is
       * added without copying the thousands before it (a popular code's stream is long).
       */
      live: LiveMap<string, number>;
    };

/** Uses that count now, not counting `replaces` (the same parent's earlier order this one takes over). */
export const liveUsesBeside = (state: DiscountCodeState, replaces?: string): number =>
  state.status === 'none' ? 0 : state.live.size - (replaces !== undefined && state.live.has(replaces) ? 1 : 0);

/**
 * One discount code's stream, `discount-code-<CODE>`: created once, deactivated (its history kept),
 * and the ledger of its redemptions. A redemption counts from the moment it is taken with the
 * seats until the enrollment is paid (then for good) or ends unpaid (then it is given back), so
 * `maxRedemptions` is never passed, decided on the stream's revision.
 */
export const discountCodeDecider: Decider<DiscountCodeCommand, DiscountCodeEvent, DiscountCodeState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'DiscountCodeCreated': {
        const { createdAt: _at, ...rules } = event.data;
        return { status: 'active', rules, live: LiveMap<string, number>() };
      }
      case 'DiscountCodeDeactivated':
        return state.status === 'none' ? state : { ...state, status: 'inactive' };
      case 'DiscountCodeRedeemed': {
        if (state.status === 'none') return state;
        const kept = event.data.replaces ? state.live.delete(event.data.replaces) : state.live;
        return { ...state, live: kept.set(event.data.enrollmentId, event.data.discountCents) };
      }
      case 'DiscountRedemptionReleased': {
        if (state.status === 'none') return state;
        return { ...state, live: state.live.delete(event.data.enrollmentId) };
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateDiscountCode':
        if (state.status !== 'none') throw refuse({ code: 'discount_code_exists', discountCode: command.rules.code });
        return [{ type: 'DiscountCodeCreated', data: { ...command.rules, createdAt: command.at } }];
      case 'DeactivateDiscountCode':
        if (state.status === 'none') throw refuse({ code: 'discount_code_not_found' });
        if (state.status === 'inactive') return [];
        return [{ type: 'DiscountCodeDeactivated', data: { code: state.rules.code, deactivatedAt: command.at } }];
      case 'RedeemDiscountCode': {
        const { enrollmentId, replaces } = command;
        if (state.status !== 'none' && state.live.has(enrollmentId)) return [];
        const rules = state.status === 'none' ? null : state.rules;
        const live = liveUsesBeside(state, replaces);
        const refusal = codeRefusal(rules, state.status === 'active', command, live);
        if (refusal || !rules) throw refuse({ code: 'discount_code_refused', reason: refusal ?? { code: 'unknown' } });
        const takesOver = replaces && state.status !== 'none' && state.live.has(replaces);
        return [
          {
            type: 'DiscountCodeRedeemed',
            data: {
              code: rules.code,
              enrollmentId,
              workshopId: command.workshopId,
              discountCents: command.discountCents,
              ...(takesOver ? { replaces } : {}),
              redeemedAt: command.at,
            },
          },
        ];
      }
      case 'ReleaseRedemption':
        if (state.status === 'none' || !state.live.has(command.enrollmentId)) return [];
        return [
          {
            type: 'DiscountRedemptionReleased',
            data: {
              code: state.rules.code,
              enrollmentId: command.enrollmentId,
              reason: command.reason,
              releasedAt: command.at,
            },
          },
        ];
    }
  },
};
