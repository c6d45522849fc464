import { lateJoinFrom } from '../../../contracts/catalogue/sessions.js';
import type { PurchasedItem } from '../../../contracts/enrollment/events.js';
import { tiersInCents, toCents } from '../../../contracts/enrollment/money.js';
import type { WorkshopData } from '../../../contracts/catalogue/workshop.js';
import { asksChildDetails, isStrictCategory } from '../../../contracts/enrollment/form.js';

/**
 * The workshop as bought: `at` (the submission's time) names where a late joiner joins, the first
 * session not begun then, from which the price is pro rata.
 */
export const itemOfWorkshop = (w: WorkshopData, at?: Date): PurchasedItem => ({
  kind: 'workshop',
  id: w.id,
  title: w.title,
  date: w.date,
  time: w.time,
  location: w.location,
  instructor: w.instructor,
  duration: w.duration,
  category: w.category,
  attire: w.attire ?? '',
  unitPriceCents: toCents(w.price),
  ...(w.priceTiers?.length ? { priceTiers: tiersInCents(w.priceTiers) } : {}),
  ...(w.depositCents ? { depositCents: w.depositCents, balanceDueDaysBefore: w.balanceDueDaysBefore } : {}),
  ...(w.paymentPlan ? { paymentPlan: w.paymentPlan } : {}),
  sessions: w.sessions,
  ...lateJoinOf(w, at),
  ...(w.timeZone ? { timeZone: w.timeZone } : {}),
  ...(asksChildDetails(w) && !isStrictCategory(w.category) ? { childDetails: true } : {}),
});

function lateJoinOf(w: WorkshopData, at: Date | undefined): { fromSession?: number } {
  const from = at && lateJoinFrom(w, at);
  return from ? { fromSession: from } : {};
}

/** Same item and same sales window: the first check's plan still holds. */
export const samePlan = (a: WorkshopData, b: WorkshopData) =>
  JSON.stringify(itemOfWorkshop(a)) === JSON.stringify(itemOfWorkshop(b)) &&
  a.enrollmentClosesAt === b.enrollmentClosesAt;
