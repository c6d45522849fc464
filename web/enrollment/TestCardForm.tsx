import { useState, type FormEvent } from 'react';
import { OfflineConfirmRequestSchema, TEST_CARDS, type OfflineConfirmResponse } from '../../contracts/payments/api.js';
import { Button } from '../components/Button.js';
import { TextField } from '../components/TextField.js';
import { apiErrorText } from '../core/api.js';
import { confirmWithTestCard } from './api.js';

export interface PaymentOutcome {
  /** Stripe's PaymentIntent status when the provider answered without an error. */
  status?: string;
  paymentIntentId?: string;
  /** The provider's words when the payment failed. */
  error?: string;
}

type Field = 'cardNumber' | 'expiry' | 'cvc';

/**
 * The offline provider's card form: it behaves like Stripe's test mode, so it names the three
 * test cards. No card data leaves for a real processor.
 */
export function TestCardForm({ clientSecret, payLabel, onOutcome }: { clientSecret: string; payLabel: string; onOutcome(outcome: PaymentOutcome): void }) {
  const [values, setValues] = useState<Record<Field, string>>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isPaying, setPaying] = useState(false);

  const set = (name: Field) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = OfflineConfirmRequestSchema.safeParse({ clientSecret, ...values });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      requestAnimationFrame(() => form.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus());
      return;
    }
    setPaying(true);
    let result: OfflineConfirmResponse;
    try {
      result = await confirmWithTestCard(parsed.data);
    } catch (err) {
      result = { error: { type: 'card_error', code: 'processing_error', message: apiErrorText(err) ?? 'An error occurred during payment processing' } };
    }
    setPaying(false);
    onOutcome(result.error ? { error: result.error.message } : { status: result.paymentIntent?.status, paymentIntentId: result.paymentIntent?.id });
  };

  return (
    <form className="card-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Card payment">
      <div className="card-form__cards">
        <p className="card-form__cards-title">Test mode: no real card is charged. Use one of these test cards with any future expiry and any CVC:</p>
        <ul>
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> {card.outcome}
            </li>
          ))}
        </ul>
      </div>
      <TextField
        label="Card number"
        isRequired
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={values.cardNumber}
        onChange={set('cardNumber')}
        errorMessage={errors.cardNumber}
      />
      <div className="card-form__row">
        <TextField label="Expiry (MM/YY)" isRequired autoComplete="cc-exp" placeholder="12/34" value={values.expiry} onChange={set('expiry')} errorMessage={errors.expiry} />
        <TextField label="CVC" isRequired inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={values.cvc} onChange={set('cvc')} errorMessage={errors.cvc} />
      </div>
      <Button type="submit" size="lg" fullWidth isPending={isPaying}>
        {isPaying ? 'Processing…' : payLabel}
      </Button>
    </form>
  );
}
