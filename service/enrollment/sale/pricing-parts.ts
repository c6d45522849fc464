import type { EventMetadata } from '../../../contracts/core/events.js';
import type { EnrollmentSubmitted, PurchasedItem } from '../../../contracts/enrollment/events.js';
import {
  priceEnrollment,
  sessionShareOf,
  type PriceAdjustments,
  type PricedEnrollment,
} from '../../../contracts/enrollment/money.js';
import type { Order } from '../../../contracts/enrollment/api.js';
import type { HouseholdDoc } from '../../../projections/account/households.js';
import { familyEnrollmentIds } from '../../../projections/account/family-bookings.js';
import { balanceDueAtOf, type OrderPricing } from '../../../contracts/enrollment/pricing.js';
import { installmentDates } from './installment-dates.js';
import { discountCodeStream, normalizeDiscountCode } from '../../../contracts/pricing/discount-codes.js';
import { takeParts } from '../checkout/ledger-commands.js';
import { runCommand } from '../checkout/run-commands.js';
import { SCHOOL_SETTINGS_STREAM, type PricingSettings } from '../../../contracts/pricing/settings.js';
import { householdCreditStream } from '../../../contracts/pricing/credit.js';
import { giftCardStream } from '../../../contracts/gift-cards/events.js';
import { giftCardLast4 } from '../../../contracts/gift-cards/code.js';
import type { AppDeps } from '../../core/deps.js';
import { validationError } from '../../core/errors.js';
import { schoolSettingsDecider } from '../../pricing/settings-decider.js';
import { discountCodeDecider, liveUsesBeside, type DiscountCodeState } from '../../pricing/discount-code-decider.js';
import { codeDiscountOf, codeIssue, codeRefusal, refusalSentence, UNKNOWN_CODE } from '../../pricing/code-rules.js';
import { familyCreditDecider } from '../../pricing/credit-decider.js';
import { balanceOf } from '../../pricing/balance-ledger.js';
import { giftCardBalance, giftCardDecider } from '../../gift-cards/gift-card-decider.js';
import { UNKNOWN_GIFT_CARD } from '../../gift-cards/refusal-answers.js';
import { giftCardIdOfTyped } from '../../gift-cards/gift-card-code.js';

/** What the parent asked for beyond the seats: a code, a gift card, the household's credit. */
export interface PricingAsked {
  discountCode?: string;
  giftCardCode?: string;
  /** The signed-in household (issue 26's account), whose credit is used unless `useCredit` is false. */
  householdId?: string;
  useCredit?: boolean;
  /** The offering enrolled in: a sibling of the household already holding a seat there earns the sibling discount. */
  workshopId?: string;
  /** The same parent's earlier order this one replaces: its seats are not a sibling's. */
  replaces?: string | undefined;
  /** Instalments the parent chose (issue 43; absent or 1: in full). */
  installments?: number;
}

/** The ledgers' states as read for an order: each is decided again when its part is taken. */
export interface PricingInputs {
  settings: PricingSettings;
  code: { code: string; state: DiscountCodeState } | null;
  giftCard: { giftCardId: string; last4: string; balanceCents: number } | null;
  credit: { householdId: string; balanceCents: number } | null;
  householdId: string | null;
  siblingAlreadyEnrolled: boolean;
  installments?: number;
}

const giftCardIssue = (message: string) => validationError(message, [{ path: 'giftCardCode', message }]);

/**
 * Reads what prices an order beyond its seats: the school's sibling discount, the code's rules and
 * uses, the gift card's and the credit's balances. A code or card that cannot be used is refused
 * here, naming its field; `maxAgeMs` bounds how old a cached state may be (the decisions that take
 * each part check again on their stream's revision).
 */
export async function readPricingInputs(deps: AppDeps, asked: PricingAsked, maxAgeMs: number): Promise<PricingInputs> {
  const { commands } = deps;
  const settings = await commands.state(schoolSettingsDecider, SCHOOL_SETTINGS_STREAM, maxAgeMs);
  let code: PricingInputs['code'] = null;
  if (asked.discountCode) {
    const normalized = normalizeDiscountCode(asked.discountCode);
    if (!/^[A-Z0-9][A-Z0-9-]{2,31}$/.test(normalized)) throw codeIssue(UNKNOWN_CODE);
    code = {
      code: normalized,
      state: await commands.state(discountCodeDecider, discountCodeStream(normalized), maxAgeMs),
    };
  }
  let giftCard: PricingInputs['giftCard'] = null;
  if (asked.giftCardCode) {
    const typed = giftCardIdOfTyped(asked.giftCardCode);
    if (!typed) throw giftCardIssue(UNKNOWN_GIFT_CARD);
    const state = await commands.state(giftCardDecider, giftCardStream(typed.giftCardId), maxAgeMs);
    if (state.status !== 'active') throw giftCardIssue(UNKNOWN_GIFT_CARD);
    const balanceCents = giftCardBalance(state);
    if (balanceCents === 0) throw giftCardIssue('This gift card has nothing left on it.');
    giftCard = { giftCardId: typed.giftCardId, last4: giftCardLast4(typed.code), balanceCents };
  }
  let credit: PricingInputs['credit'] = null;
  if (asked.householdId && asked.useCredit !== false) {
    const ledger = await commands.state(familyCreditDecider, householdCreditStream(asked.householdId), maxAgeMs);
    const balanceCents = Math.max(0, balanceOf(ledger));
    if (balanceCents > 0) credit = { householdId: asked.householdId, balanceCents };
  }
  return {
    settings,
    code,
    giftCard,
    credit,
    householdId: asked.householdId ?? null,
    ...(asked.installments && asked.installments > 1 ? { installments: asked.installments } : {}),
    siblingAlreadyEnrolled:
      settings.siblingDiscountPercent > 0 && asked.householdId && asked.workshopId
        ? await siblingHoldsSeat(deps, asked.householdId, asked.workshopId, asked.replaces)
        : false,
  };
}

/**
 * Whether a child of the household already holds a seat in the workshop: one of the family's
 * bookings there (its saved children's, or any made with a parent's e-mail, children typed in),
 * held or confirmed, other than the order being replaced.
 */
async function siblingHoldsSeat(
  deps: AppDeps,
  householdId: string,
  workshopId: string,
  replaces: string | undefined,
): Promise<boolean> {
  const household = await deps.readStore.get<HouseholdDoc>('households', householdId);
  if (!household) return false;
  const ids = (await familyEnrollmentIds(deps.readStore, household.doc)).filter((id) => id !== replaces);
  if (ids.length === 0) return false;
  const orders = await deps.readStore.getMany<Order>('orders', ids);
  return [...orders.values()].some(
    ({ doc }) => doc.workshopId === workshopId && (doc.status === 'pending' || doc.status === 'completed'),
  );
}

/**
 * The one pricing rule applied to an order with what was read: the code checked (refused naming
 * `discountCode`), the deposit taken only while the balance is not yet due. `replaces` is the
 * same parent's earlier enrollment whose code use this order takes over.
 */
export function priceOrder(
  inputs: PricingInputs,
  item: PurchasedItem,
  participants: number,
  now: Date,
  replaces?: string,
): { priced: PricedEnrollment; pricing: OrderPricing } {
  let code: PriceAdjustments['code'] = null;
  if (inputs.code) {
    const { state } = inputs.code;
    const rules = state.status === 'none' ? null : state.rules;
    const live = liveUsesBeside(state, replaces);
    const use = { workshopId: item.id ?? '', category: item.category, participants, at: now.toISOString() };
    const refusal = codeRefusal(rules, state.status === 'active', use, live);
    if (refusal || !rules) throw codeIssue(refusalSentence(refusal ?? { code: 'unknown' }));
    code = codeDiscountOf(rules);
  }
  const balanceDueAt = balanceDueAtOf(item);
  const deposit = balanceDueAt && Date.parse(balanceDueAt) > now.getTime() ? (item.depositCents ?? 0) : 0;
  const dueDates = installmentDates(item, inputs.installments, now);
  const priced = priceEnrollment(item.unitPriceCents, participants, item.priceTiers, {
    siblingDiscountPercent: inputs.settings.siblingDiscountPercent,
    siblingAlreadyEnrolled: inputs.siblingAlreadyEnrolled,
    code,
    giftCard: inputs.giftCard,
    creditBalanceCents: inputs.credit?.balanceCents ?? 0,
    depositPerParticipantCents: deposit,
    sessions: sessionShareOf(item),
    installments: dueDates?.length,
  });
  const cents = priced.installmentCents;
  const installments =
    cents && dueDates
      ? { installments: cents.map((amountCents, i) => ({ n: i + 1, amountCents, dueAt: dueDates[i]! })) }
      : {};
  return {
    priced,
    pricing: {
      lines: priced.lines,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      paidByGiftCardCents: priced.paidByGiftCardCents,
      paidByCreditCents: priced.paidByCreditCents,
      dueNowCents: priced.dueNowCents,
      balanceCents: priced.balanceCents,
      totalCents: priced.totalCents,
      balanceDueAt: priced.balanceCents > 0 ? balanceDueAt : null,
      siblingDiscountPercent: inputs.settings.siblingDiscountPercent,
      siblingAlreadyEnrolled: inputs.siblingAlreadyEnrolled,
      discountCode: code,
      giftCardId: priced.paidByGiftCardCents > 0 ? (inputs.giftCard?.giftCardId ?? null) : null,
      giftCardLast4: priced.paidByGiftCardCents > 0 ? (inputs.giftCard?.last4 ?? null) : null,
      householdId: inputs.householdId,
      ...installments,
    },
  };
}

/**
 * Takes the order's parts on their own ledgers, after its seats: one use of the code, the gift
 * card's part, the credit's part, each decided on its stream's revision (never over the code's
 * uses, never beyond a balance). `replaces` hands over the same parent's earlier order's parts (it
 * was withdrawn). A refusal is thrown for the caller, which records the checkout refused: the
 * checkout workflow then gives back the seats and every part already taken.
 */
export async function takePricingParts(
  deps: AppDeps,
  submission: EnrollmentSubmitted,
  replaces: string | undefined,
  metadata: EventMetadata,
): Promise<bigint | null> {
  let position: bigint | null = null;
  for (const command of takeParts(submission, replaces)) {
    const taken = await runCommand(deps, command, metadata);
    if (taken.position !== null && (position === null || taken.position > position)) position = taken.position;
  }
  return position;
}
