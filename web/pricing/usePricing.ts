import { useEffect, useRef, useState } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { GiftCardBalance } from '../../contracts/gift-cards/api.js';
import { giftCardLast4, groupGiftCardCode, normalizeGiftCardCode } from '../../contracts/gift-cards/code.js';
import { priceEnrollment, tiersInCents, toCents, type PricedEnrollment } from '../../contracts/enrollment/money.js';
import { balanceDueAtOf } from '../../contracts/enrollment/pricing.js';
import type { DiscountPreview } from '../../contracts/pricing/discount-codes.js';
import { ApiError, apiErrorText, apiJson } from '../core/api.js';
import { lateShare } from '../enrollment/workshopPricing.js';
import { queryKeys, urlOfQueryKey } from '../core/queryKeys.js';

/** A code the server accepted for this order: its line as the server words it, and what it takes off. */
interface AppliedCode {
  code: string;
  label: string;
  discountCents: number;
}
interface AppliedCard {
  code: string;
  last4: string;
  balanceCents: number;
}

/** One of the two fields: what is typed, what the server said, and whether it is asking. */
export interface AdjustmentField {
  typed: string;
  setTyped(value: string): void;
  error: string | undefined;
  checking: boolean;
  apply(): void;
  remove(): void;
}

export interface PricingState {
  /** The one rule's answer for what the form holds now (contracts/enrollment/money.ts), as the server will price it. */
  breakdown: PricedEnrollment;
  balanceDueAt: string | null;
  code: AdjustmentField & { applied: AppliedCode | null };
  giftCard: AdjustmentField & { applied: AppliedCard | null };
  /** The signed-in family's credit: what it holds, and whether this order uses it (it does unless turned off). */
  credit: { availableCents: number; use: boolean; setUse(use: boolean): void };
  /** The fields the enroll body adds. */
  body(): { discountCode?: string; giftCardCode?: string; useCredit?: false };
  /** Puts the server's refusal of a code or a card on its field; true when it did. */
  showServerIssues(issues: Record<string, string>): boolean;
}

/**
 * The enroll page's price: the seats (tiers), the school's sibling discount, a discount code the
 * server checked for this count, a gift card whose balance the server gave, and the deposit due
 * now, priced by the same rule the server uses. The code is checked again when the count changes
 * (a code may need 2 or more participants); the server decides it all again on submission.
 */
export function usePricing(
  workshop: Workshop,
  participants: number,
  siblingDiscountPercent: number,
  now: Date,
  /** A child of the signed-in family already holds a seat in this workshop (its bookings say so). */
  siblingAlreadyEnrolled = false,
  /** The signed-in family's credit (0 when none, or nobody is signed in). */
  creditCents = 0,
): PricingState {
  const [useCredit, setUseCredit] = useState(true);
  const [codeTyped, setCodeTyped] = useState('');
  const [code, setCode] = useState<AppliedCode | null>(null);
  const [codeError, setCodeError] = useState<string>();
  const [codeChecking, setCodeChecking] = useState(false);
  const [cardTyped, setCardTyped] = useState('');
  const [card, setCard] = useState<AppliedCard | null>(null);
  const [cardError, setCardError] = useState<string>();
  const [cardChecking, setCardChecking] = useState(false);
  const checked = useRef<number>(participants);

  const checkCode = async (typed: string, count: number) => {
    const wanted = typed.trim();
    if (!wanted) return;
    setCodeChecking(true);
    try {
      const preview = await apiJson<DiscountPreview>(
        'GET',
        urlOfQueryKey(queryKeys.discountPreview(wanted, workshop.id, count)),
      );
      checked.current = count;
      if (preview.valid && preview.line) {
        setCode({ code: wanted.toUpperCase(), label: preview.line.label, discountCents: preview.discountCents });
        setCodeError(undefined);
      } else {
        setCode(null);
        setCodeError(preview.reason ?? 'This code is not valid.');
      }
    } catch (err) {
      setCodeError(apiErrorText(err) ?? 'We could not check this code. Please try again.');
    } finally {
      setCodeChecking(false);
    }
  };

  // A code applied for one count is checked again for another.
  useEffect(() => {
    if (code && checked.current !== participants) void checkCode(code.code, participants);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [participants]);

  const checkCard = async () => {
    const normalized = normalizeGiftCardCode(cardTyped);
    if (!normalized) {
      setCardError('This gift card code is not valid: it has 16 letters and digits, like 7QXM-3KPD-9HRT-2WVB.');
      return;
    }
    setCardChecking(true);
    try {
      const { balanceCents } = await apiJson<GiftCardBalance>(
        'GET',
        urlOfQueryKey(queryKeys.giftCardBalance(normalized)),
      );
      if (balanceCents === 0) {
        setCard(null);
        setCardError('This gift card has nothing left on it.');
      } else {
        setCard({ code: groupGiftCardCode(normalized), last4: giftCardLast4(normalized), balanceCents });
        setCardError(undefined);
      }
    } catch (err) {
      setCard(null);
      setCardError(
        err instanceof ApiError && err.status === 404
          ? (apiErrorText(err) ?? 'We could not find a gift card with this code.')
          : (apiErrorText(err) ?? 'We could not check this gift card. Please try again.'),
      );
    } finally {
      setCardChecking(false);
    }
  };

  const balanceDueAt = balanceDueAtOf(workshop);
  const depositApplies = balanceDueAt !== null && Date.parse(balanceDueAt) > now.getTime();
  const count = Number.isFinite(participants) && participants >= 1 ? Math.min(5, Math.floor(participants)) : 1;
  const priced = priceEnrollment(toCents(workshop.price), count, tiersInCents(workshop.priceTiers), {
    siblingDiscountPercent,
    siblingAlreadyEnrolled,
    code: code ? { code: code.code, amountOffCents: code.discountCents } : null,
    giftCard: card ? { last4: card.last4, balanceCents: card.balanceCents } : null,
    creditBalanceCents: useCredit ? creditCents : 0,
    depositPerParticipantCents: depositApplies ? (workshop.depositCents ?? 0) : 0,
    // A course joined late: the sessions left as the parent presses (as the server prices it).
    sessions: lateShare(workshop, new Date()),
  });
  // The code's line as the server words it ("Code SPRING10: 10% off").
  const breakdown: PricedEnrollment = {
    ...priced,
    lines: priced.lines.map((l) => (l.kind === 'discount-code' && code ? { ...l, label: code.label } : l)),
  };

  return {
    breakdown,
    balanceDueAt: breakdown.balanceCents > 0 ? balanceDueAt : null,
    code: {
      typed: codeTyped,
      setTyped: (v) => {
        setCodeTyped(v);
        setCodeError(undefined);
      },
      error: codeError,
      checking: codeChecking,
      applied: code,
      apply: () => void checkCode(codeTyped, count),
      remove: () => {
        setCode(null);
        setCodeTyped('');
        setCodeError(undefined);
      },
    },
    giftCard: {
      typed: cardTyped,
      setTyped: (v) => {
        setCardTyped(v);
        setCardError(undefined);
      },
      error: cardError,
      checking: cardChecking,
      applied: card,
      apply: () => void checkCard(),
      remove: () => {
        setCard(null);
        setCardTyped('');
        setCardError(undefined);
      },
    },
    credit: { availableCents: creditCents, use: useCredit, setUse: setUseCredit },
    body: () => ({
      ...(code ? { discountCode: code.code } : {}),
      ...(card ? { giftCardCode: card.code } : {}),
      ...(creditCents > 0 && !useCredit ? { useCredit: false as const } : {}),
    }),
    showServerIssues(issues) {
      let shown = false;
      if (issues.discountCode) {
        setCode(null);
        setCodeError(issues.discountCode);
        shown = true;
      }
      if (issues.giftCardCode) {
        setCard(null);
        setCardError(issues.giftCardCode);
        shown = true;
      }
      return shown;
    },
  };
}
