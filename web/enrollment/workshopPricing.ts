import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { priceEnrollment, tiersInCents, toCents } from '../../contracts/enrollment/money.js';

/** What `participants` pay for this workshop: the server's rule (group prices included), for the page to show and send. */
export const priceWorkshop = (workshop: Pick<Workshop, 'price' | 'priceTiers'>, participants: number) =>
  priceEnrollment(toCents(workshop.price), participants, tiersInCents(workshop.priceTiers));
