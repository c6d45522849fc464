import { useState, type FormEvent } from 'react';
import {
  EMPTY_TEST_CARD_FORM,
  TEST_CARDS,
  TestCardFormSchema,
  type OfflineConfirmResponse,
} from '../../contracts/payments/api.js';
import { Button } from '../components/Button.js';
import { TextField } from '../components/TextField.js';
import { apiErrorText } from '../core/api.js';
import { useFormModel } from '../core/useFormModel.js';
import { confirmWithTestCard } from './api.js';
import { maskCardNumber, maskCvc, maskExpiry } from './cardMasks.js';

export interface PaymentOutcome {
  /** Stripe's PaymentIntent status when the provider answered without an error. */
  status?: string;
  paymentIntentId?: string;
  /** The provider's words when the payment failed. */
  error?: string;
}

/**
 * The offline provider's card form: it behaves like Stripe's test mode, so it names the three
 * test cards. No card data leaves for a real processor.
 */
export function TestCardForm({
  clientSecret,
  payLabel,
  onOutcome,
}: {
  clientSecret: string;
  payLabel: string;
  onOutcome(outcome: PaymentOutcome): void;
}) {
  const form = useFormModel({ initial: EMPTY_TEST_CARD_FORM });
  const [isPaying, setPaying] = useState(false);
  // Each field keeps its mask as it is typed, pasted or filled in by the browser.
  const masked = (name: 'cardNumber' | 'expiry' | 'cvc', mask: (value: string) => string) => {
    const field = form.field(name);
    return { ...field, onChange: (value: string) => field.onChange(mask(value)) };
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = form.parse(TestCardFormSchema);
    if (!card) return;
    setPaying(true);
    let result: OfflineConfirmResponse;
    try {
      result = await confirmWithTestCard({ clientSecret, ...card });
    } catch (err) {
      result = {
        error: {
          type: 'card_error',
          code: 'processing_error',
          message: apiErrorText(err) ?? 'An error occurred during payment processing',
        },
      };
    }
    setPaying(false);
    onOutcome(
      result.error
        ? { error: result.error.message }
        : { status: result.paymentIntent?.status, paymentIntentId: result.paymentIntent?.id },
    );
  };

  return (
    <form
      ref={form.formRef}
      className="card-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Card payment"
    >
      <div className="card-form__cards">
        <p className="card-form__cards-title">
          Test mode: no real card is charged. Use one of these test cards with any future expiry and any CVC:
        </p>
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
        maxLength={23}
        {...masked('cardNumber', maskCardNumber)}
      />
      <div className="card-form__row">
        <TextField
          label="Expiry (MM/YY)"
          isRequired
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/34"
          maxLength={5}
          {...masked('expiry', maskExpiry)}
        />
        <TextField
          label="CVC"
          isRequired
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          {...masked('cvc', maskCvc)}
        />
      </div>
      <Button type="submit" size="lg" fullWidth isPending={isPaying}>
        {isPaying ? 'Processing…' : payLabel}
      </Button>
    </form>
  );
}
