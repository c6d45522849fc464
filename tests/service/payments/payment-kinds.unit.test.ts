import { describe, expect, it } from 'vitest';
import { paymentKinds } from '../../../service/payment-kinds.js';
import type { PaymentIntentInfo } from '../../../service/payments/port.js';

const intent = (metadata: Record<string, string>): PaymentIntentInfo => ({
  id: 'pi_1',
  clientSecret: 'pi_1_secret',
  status: 'succeeded',
  amountCents: 100,
  metadata,
  lastError: null,
});
const named = (metadata: Record<string, string>) => paymentKinds.payable(intent(metadata))?.named ?? null;

describe('what a succeeded PaymentIntent paid for', () => {
  it('given the metadata each checkout writes, then each names its own kind and id', () => {
    expect(named({ kind: 'enrollment', enrollmentId: 'e1' })).toEqual({ kind: 'enrollment', enrollmentId: 'e1' });
    expect(named({ kind: 'balance', enrollmentId: 'e1' })).toEqual({ kind: 'balance', enrollmentId: 'e1' });
    expect(named({ kind: 'gift-card', giftCardId: 'g1' })).toEqual({ kind: 'gift-card', giftCardId: 'g1' });
    expect(named({ kind: 'appointment', appointmentId: 'a1' })).toEqual({ kind: 'appointment', appointmentId: 'a1' });
    expect(named({ kind: 'lesson-pack', lessonPackId: 'p1' })).toEqual({ kind: 'lesson-pack', lessonPackId: 'p1' });
    expect(named({ kind: 'invoice', invoiceId: 'i1' })).toEqual({ kind: 'invoice', invoiceId: 'i1' });
    expect(named({ kind: 'installment-by-parent', enrollmentId: 'e1', installment: '2' })).toEqual({
      kind: 'installment',
      enrollmentId: 'e1',
      n: '2',
    });
  });

  it('given an intent from before kinds were written, or a test enrollment, then it pays for its enrollment', () => {
    expect(named({ enrollmentId: 'e1' })).toEqual({ kind: 'enrollment', enrollmentId: 'e1' });
    expect(named({ kind: 'test-enrollment', enrollmentId: 'e1' })).toEqual({ kind: 'enrollment', enrollmentId: 'e1' });
  });

  it('given a kind without its id, an instalment charged off-session, or a test charge, then nothing is recorded from it', () => {
    expect(named({ kind: 'gift-card' })).toBeNull();
    expect(named({ kind: 'invoice', enrollmentId: 'e1' })).toBeNull();
    expect(named({ kind: 'installment', enrollmentId: 'e1', installment: '2' })).toBeNull();
    expect(named({ kind: 'test-charge' })).toBeNull();
  });

  it('given a declined card, then only a class checkout records the decline (elsewhere the payer tries again on the page)', () => {
    expect(paymentKinds.payable(intent({ kind: 'enrollment', enrollmentId: 'e1' }))?.declined).toBeTypeOf('function');
    expect(paymentKinds.payable(intent({ kind: 'balance', enrollmentId: 'e1' }))?.declined).toBeUndefined();
    expect(paymentKinds.payable(intent({ kind: 'gift-card', giftCardId: 'g1' }))?.declined).toBeUndefined();
  });
});
