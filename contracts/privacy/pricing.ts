import type { discountCodeEventSchemas } from '../pricing/discount-codes.js';
import type { schoolSettingsEventSchemas } from '../pricing/settings.js';
import type { familyCreditEventSchemas } from '../pricing/credit.js';
import type { giftCardEventSchemas } from '../gift-cards/events.js';
import type { incomeAccountEventSchemas } from '../reports/income-accounts.js';
import { NO_PERSONAL_DATA, type PrivacyClasses } from './classes.js';

/** Discount codes (issue 27): the office's rules and each use by an enrollment id; nobody is named. */
export const discountCodePrivacy = {
  DiscountCodeCreated: NO_PERSONAL_DATA,
  DiscountCodeDeactivated: NO_PERSONAL_DATA,
  DiscountCodeRedeemed: NO_PERSONAL_DATA,
  DiscountRedemptionReleased: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof discountCodeEventSchemas>;

/** The school's sibling discount: a percentage. */
export const schoolSettingsPrivacy = {
  SchoolSettingsChanged: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof schoolSettingsEventSchemas>;

/**
 * A household's credit (`household-credit-<householdId>`): the household's id, amounts, refund
 * keys and enrollment ids, nothing that names or describes a person. Its amounts are not sealed
 * under the household's key: the ledger must still add up (an erased number reads as null, which
 * no amount schema takes), and an erased household has no session left to spend it.
 */
export const familyCreditPrivacy = {
  FamilyCreditAdded: NO_PERSONAL_DATA,
  FamilyCreditReserved: NO_PERSONAL_DATA,
  FamilyCreditReleased: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof familyCreditEventSchemas>;

/**
 * Gift cards: the order names the purchaser and the recipient and carries the purchaser's message,
 * all under the purchaser's subject (the keyed hash of their e-mail: the school's customer, whose
 * erasure takes the recipient's name and address with it). The code stays in clear: it is the
 * card's bearer secret and its stream's ledger key, not a person's data. The card's ledger holds
 * ids and amounts only.
 */
export const giftCardPrivacy = {
  // The recipient is their own person too: their erasure blanks their name and address alone.
  GiftCardOrdered: {
    subject: { kind: 'email', path: 'purchaserEmail' },
    identity: ['purchaserName', 'purchaserEmail', 'message'],
    shared: [{ subject: { kind: 'email', path: 'recipientEmail' }, fields: ['recipientName', 'recipientEmail'] }],
  },
  GiftCardPaymentIntentCreated: NO_PERSONAL_DATA,
  GiftCardPaid: NO_PERSONAL_DATA,
  GiftCardEmailSent: NO_PERSONAL_DATA,
  GiftCardAmountReserved: NO_PERSONAL_DATA,
  GiftCardReservationReleased: NO_PERSONAL_DATA,
  GiftCardAmountReturned: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof giftCardEventSchemas>;

/** A program's income account in the journal: a program id and an account's name. */
export const incomeAccountPrivacy = {
  ProgramIncomeAccountChanged: NO_PERSONAL_DATA,
} as const satisfies PrivacyClasses<typeof incomeAccountEventSchemas>;
