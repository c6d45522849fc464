import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '../../contracts/enrollment/money.js';
import type { StripeConfig } from '../../contracts/payments/api.js';
import { Card } from '../components/Card.js';
import { Spinner } from '../components/Spinner.js';
import { apiJson } from '../core/api.js';
import { verifyPayment } from '../enrollment/api.js';
import { TestCardForm, type PaymentOutcome } from '../enrollment/TestCardForm.js';

const StripePaymentForm = lazy(async () => ({
  default: (await import('../enrollment/StripePaymentForm.js')).StripePaymentForm,
}));

/**
 * The card payment of a held appointment, with the form the server's provider takes (Stripe
 * Elements, or the offline provider's test cards). Paid and settled, the appointment's page opens.
 */
export function AppointmentPayment({ clientSecret, amountCents }: { clientSecret: string; amountCents: number }) {
  const config = useQuery({
    queryKey: ['stripe-config'],
    queryFn: () => apiJson<StripeConfig>('GET', '/api/stripe-config'),
  });
  const [message, setMessage] = useState<{ failed: boolean; text: string } | null>(null);
  const payLabel = `Pay ${formatUsd(amountCents)}`;

  const onOutcome = async (outcome: PaymentOutcome) => {
    if (outcome.error) return setMessage({ failed: true, text: outcome.error });
    const paymentIntentId = clientSecret.split('_secret_')[0]!;
    const verified = await verifyPayment(paymentIntentId, clientSecret).catch(() => null);
    if (verified?.status === 'succeeded' && verified.appointmentPath) {
      window.location.assign(`${verified.appointmentPath}?booked=1`);
      return;
    }
    setMessage(
      verified?.status === 'refunded'
        ? { failed: true, text: verified.message ?? 'Your payment was refunded.' }
        : { failed: false, text: 'Your payment is being processed. We will e-mail your confirmation shortly.' },
    );
  };

  return (
    <Card as="section" className="pay-panel" aria-labelledby="appointment-pay-title">
      <h2 id="appointment-pay-title">Payment Details</h2>
      {message && (
        <div className={message.failed ? 'pay-panel__failure' : undefined} role="alert">
          <p>{message.text}</p>
        </div>
      )}
      {config.isPending ? (
        <Spinner label="Initializing payment..." showLabel />
      ) : config.data?.publishableKey ? (
        <Suspense fallback={<Spinner label="Initializing payment..." showLabel />}>
          <StripePaymentForm
            publishableKey={config.data.publishableKey}
            clientSecret={clientSecret}
            payLabel={payLabel}
            onOutcome={(o) => void onOutcome(o)}
          />
        </Suspense>
      ) : (
        <TestCardForm clientSecret={clientSecret} payLabel={payLabel} onOutcome={(o) => void onOutcome(o)} />
      )}
      <p className="pay-panel__secure">Payments are processed securely. We never store your card details.</p>
    </Card>
  );
}
