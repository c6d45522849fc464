import { PaymentKinds } from './core/payment-kinds.js';
import { giftCardPayment } from './gift-cards/gift-card-payment.js';
import { appointmentPayment } from './appointments/appointment-payment.js';
import { lessonPackPayment } from './appointments/packs/lesson-pack-payment.js';
import { invoicePayment } from './organizations/invoice-payment.js';
import { enrollmentPayment } from './enrollment/payment/enrollment-payment.js';
import { installmentByParentPayment } from './enrollment/payment/installment-by-parent-payment.js';

/**
 * Everything a card pays for, each declared by its slice. The enrollment's comes last: it takes
 * every intent naming an enrollment whose kind no other answers.
 */
export const paymentKinds = new PaymentKinds([
  giftCardPayment,
  appointmentPayment,
  lessonPackPayment,
  invoicePayment,
  installmentByParentPayment,
  enrollmentPayment,
]);
