import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { Button } from '../components/Button.js';
import type { PaymentOutcome } from './TestCardForm.js';

/**
 * Stripe Elements. This module is imported lazily, only when the server gives a publishable key,
 * so the offline test mode never loads Stripe.js.
 */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  payLabel,
  onOutcome,
}: {
  publishableKey: string;
  clientSecret: string;
  payLabel: string;
  onOutcome(o: PaymentOutcome): void;
}) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#5e2a59', borderRadius: '8px' } },
      }}
    >
      <ElementsForm payLabel={payLabel} onOutcome={onOutcome} />
    </Elements>
  );
}

function ElementsForm({ payLabel, onOutcome }: { payLabel: string; onOutcome(o: PaymentOutcome): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [isPaying, setPaying] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: 'if_required',
    });
    setPaying(false);
    onOutcome(
      error
        ? { error: error.message ?? 'An error occurred during payment processing' }
        : { status: paymentIntent?.status, paymentIntentId: paymentIntent?.id },
    );
  };

  return (
    <form className="card-form" onSubmit={(e) => void submit(e)} aria-label="Card payment">
      <PaymentElement />
      <Button type="submit" size="lg" fullWidth isPending={isPaying} isDisabled={!stripe || !elements}>
        {isPaying ? 'Processing…' : payLabel}
      </Button>
    </form>
  );
}
