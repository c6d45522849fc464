import type { PaymentLine } from './api.js';
import { formatUsd } from './money.js';
import { receiptDate } from './receipt.js';

/** One payment as every page that shows an order reads it: "$100.00 on Thursday, May 1, 2025, Credit Card". */
export const paidLineText = (p: PaymentLine) => `${formatUsd(p.amountCents)} on ${receiptDate(p.paidAt)}, ${p.method}`;
