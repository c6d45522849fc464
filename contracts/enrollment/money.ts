/** Money helpers shared by the server, the receipt and the pages. Amounts are integer US cents. */
import { splitInstallments, type Installment } from '../catalogue/payment-plan.js';

/** Whole-dollar (or cent-precise) catalogue prices to integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$150.00" */
export const formatUsd = (cents: number): string => usd.format(cents / 100);

/** "$150" for whole dollars, "$12.50" otherwise: how the site shows prices. */
export const formatPrice = (cents: number): string =>
  cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatUsd(cents);

/** A group price in cents: `participants` enrolled together pay `totalCents`. */
export interface TierCents {
  participants: number;
  totalCents: number;
}

/** A course joined late: `left` of its `total` sessions are bought. */
export interface SessionShare {
  left: number;
  total: number;
}

export const PRICE_LINE_KINDS = ['seats', 'tier', 'sibling', 'discount-code', 'gift-card', 'credit'] as const;
export type PriceLineKind = (typeof PRICE_LINE_KINDS)[number];

/** One line of a price breakdown: what the seats cost (positive), a discount or a payment from a balance (negative). */
export interface PriceLine {
  kind: PriceLineKind;
  label: string;
  amountCents: number;
}

/** A discount code as the rule applies it: a percentage or an amount off what is left after the sibling discount. */
export interface CodeDiscount {
  code: string;
  percentOff?: number;
  amountOffCents?: number;
}

/**
 * What changes the price beyond the seats, each optional. Balances are what the gift card or the
 * household's credit holds now; the rule takes from them only what the order needs.
 */
export interface PriceAdjustments {
  /** The school's sibling discount (admin Settings), whole percent; 0 or absent: none. */
  siblingDiscountPercent?: number;
  /**
   * A signed-in household enrolling a child where a sibling already holds a seat: every
   * participant gets the sibling discount, not only the second and later ones.
   */
  siblingAlreadyEnrolled?: boolean;
  code?: CodeDiscount | null;
  /** The gift card used, named by the last characters of its code, and its balance now. */
  giftCard?: { last4: string; balanceCents: number } | null;
  /** The household's credit now (absent or 0: none, or turned off for this checkout). */
  creditBalanceCents?: number;
  /** A deposit per participant, when the workshop takes one and the balance is not yet due: the rest is paid later. */
  depositPerParticipantCents?: number;
  /** A course joined late: the seats cost their price x left / total sessions, rounded to the cent. */
  sessions?: SessionShare;
  /**
   * Paid in this many instalments on a saved card (issue 43; absent or 1: in full): the card pays
   * the first now and the rest later, the first carrying the remainder of the cents.
   */
  installments?: number;
}

/**
 * The answer of the one pricing rule. `totalCents` is what the order costs (seats or tier, less
 * the sibling discount and the code), `dueNowCents` what the card is charged now, `balanceCents`
 * what is left to pay later (a deposit taken now). Gift card and credit pay part of the total.
 */
export interface PriceBreakdown {
  lines: PriceLine[];
  subtotalCents: number;
  discountCents: number;
  paidByGiftCardCents: number;
  paidByCreditCents: number;
  dueNowCents: number;
  balanceCents: number;
  totalCents: number;
  /** Paid in instalments (issue 43): each with its amount and due date, the first `dueNowCents`. */
  installments?: Installment[];
}

export interface PricedEnrollment extends PriceBreakdown {
  taxCents: number;
  /** The order's total, as `totalCents` (the name events and read models have used since the first order). */
  amountCents: number;
  /** Nothing to pay at all (total 0): confirmed at once. */
  isFree: boolean;
  /** The tier that set the seats' price, or null. */
  tier: TierCents | null;
  /** A course joined late (fewer sessions left than its total), else null. */
  proRata: SessionShare | null;
  /** What the card pays in each instalment, the first now (null: paid in full, or with a deposit). */
  installmentCents: number[] | null;
}

const people = (n: number) => `${n} ${n === 1 ? 'participant' : 'participants'}`;

/** `part` of `cents`, rounded to the nearest cent (half a cent up): the rule's only rounding. */
const share = (cents: number, numerator: number, denominator: number) => Math.round((cents * numerator) / denominator);

/**
 * The one rule for what an enrollment costs, tax 0, in a fixed order:
 * 1. the seats: the lowest of price x participants and the total of every tier for exactly that
 *    many (a couple's price says nothing about three people; a tier never costs more than paying
 *    per person); a course joined late (`sessions`, fewer left than its total) costs that x left /
 *    total, rounded to the cent;
 * 2. the sibling discount: N % of the share of the second and later participants (of every
 *    participant when a sibling already holds a seat);
 * 3. the discount code: a percentage of what is left, or an amount off it (never below 0);
 * 4. what pays it from a balance: the gift card first, then the household's credit;
 * 5. what the card pays now: all of the rest, or the deposit (less what the balances paid) when
 *    the workshop takes one, or the first of the instalments the parent chose (the rest in whole
 *    cents, equal, the first carrying the remainder); the remainder is the balance due later.
 * Each discount is rounded to the cent once, half a cent up.
 */
export function priceEnrollment(
  unitPriceCents: number,
  participants: number,
  tiers: readonly TierCents[] = [],
  adjust: PriceAdjustments = {},
): PricedEnrollment {
  let subtotalCents = unitPriceCents * participants;
  let tier: TierCents | null = null;
  for (const t of tiers) {
    if (t.participants === participants && t.totalCents < subtotalCents) {
      subtotalCents = t.totalCents;
      tier = t;
    }
  }
  const sessions = adjust.sessions;
  const proRata = sessions && sessions.total > 0 && sessions.left < sessions.total ? sessions : null;
  if (proRata) subtotalCents = Math.round((subtotalCents * proRata.left) / proRata.total);
  const forSessions = proRata ? ` for ${sessionShareWords(proRata)}` : '';
  const lines: PriceLine[] = [
    tier
      ? {
          kind: 'tier',
          label: `Group price: ${tier.participants} for ${formatUsd(tier.totalCents)}${forSessions}`,
          amountCents: subtotalCents,
        }
      : {
          kind: 'seats',
          label: `${formatUsd(unitPriceCents)} x ${people(participants)}${forSessions}`,
          amountCents: subtotalCents,
        },
  ];

  let left = subtotalCents;
  const percent = Math.min(100, Math.max(0, adjust.siblingDiscountPercent ?? 0));
  const siblings = adjust.siblingAlreadyEnrolled ? participants : Math.max(0, participants - 1);
  if (percent > 0 && siblings > 0 && left > 0) {
    const off = share(left, siblings * percent, participants * 100);
    if (off > 0) {
      lines.push({
        kind: 'sibling',
        label: `Sibling discount: ${percent}% off ${people(siblings)}`,
        amountCents: -off,
      });
      left -= off;
    }
  }

  const code = adjust.code;
  if (code && left > 0) {
    const off = Math.min(
      left,
      code.percentOff !== undefined ? share(left, Math.min(100, code.percentOff), 100) : (code.amountOffCents ?? 0),
    );
    if (off > 0) {
      const what = code.percentOff !== undefined ? `${code.percentOff}% off` : `${formatUsd(off)} off`;
      lines.push({ kind: 'discount-code', label: `Code ${code.code}: ${what}`, amountCents: -off });
      left -= off;
    }
  }
  const totalCents = left;

  const giftCard = adjust.giftCard;
  const paidByGiftCardCents = giftCard ? Math.min(left, Math.max(0, giftCard.balanceCents)) : 0;
  if (giftCard && paidByGiftCardCents > 0) {
    lines.push({ kind: 'gift-card', label: `Gift card ending ${giftCard.last4}`, amountCents: -paidByGiftCardCents });
    left -= paidByGiftCardCents;
  }
  const paidByCreditCents = Math.min(left, Math.max(0, adjust.creditBalanceCents ?? 0));
  if (paidByCreditCents > 0) {
    lines.push({ kind: 'credit', label: 'Family credit', amountCents: -paidByCreditCents });
    left -= paidByCreditCents;
  }

  const deposit = (adjust.depositPerParticipantCents ?? 0) * participants;
  const count = adjust.installments ?? 1;
  const installmentCents = deposit === 0 && count > 1 && left > 0 ? splitInstallments(left, count) : null;
  const dueNowCents = installmentCents
    ? installmentCents[0]!
    : deposit > 0
      ? Math.min(left, Math.max(0, deposit - paidByGiftCardCents - paidByCreditCents))
      : left;

  const taxCents = 0;
  return {
    lines,
    subtotalCents,
    discountCents: subtotalCents - totalCents,
    paidByGiftCardCents,
    paidByCreditCents,
    dueNowCents,
    balanceCents: left - dueNowCents,
    totalCents: totalCents + taxCents,
    taxCents,
    amountCents: totalCents + taxCents,
    isFree: totalCents + taxCents === 0,
    tier,
    proRata,
    installmentCents,
  };
}

/** The sessions a late joiner buys of an item that says where they joined (`fromSession`), or undefined. */
export const sessionShareOf = (item: {
  fromSession?: number;
  sessions?: readonly unknown[];
}): SessionShare | undefined =>
  item.fromSession && item.sessions
    ? { left: item.sessions.length - item.fromSession + 1, total: item.sessions.length }
    : undefined;

/** "3 of 4 sessions" */
export const sessionShareWords = (share: SessionShare) => `${share.left} of ${share.total} sessions`;

/** A workshop's tiers (dollars, as the catalogue holds them) in cents. */
export const tiersInCents = (tiers: readonly { participants: number; totalPrice: number }[] | undefined): TierCents[] =>
  (tiers ?? []).map((t) => ({ participants: t.participants, totalCents: toCents(t.totalPrice) }));
