import { lazy, Suspense, useState } from 'react';
import { formatUsd } from '../../contracts/enrollment/money.js';
import type { VerifyPaymentResponse } from '../../contracts/payments/api.js';
import { Spinner } from '../components/Spinner.js';
import { verifyPayment } from '../enrollment/api.js';
import { useStripeConfig } from '../enrollment/queries.js';
import { TestCardForm, type PaymentOutcome } from '../enrollment/TestCardForm.js';

const StripePaymentForm = lazy(async () => ({
  default: (await import('../enrollment/StripePaymentForm.js')).StripePaymentForm,
}));

/**
 * A card payment of an intent the server opened (a gift card, a booking's balance), with the form
 * the checkout uses: Stripe Elements when a publishable key is configured, the test-card form
 * otherwise. Once the provider says it succeeded, the server is asked (`POST /api/payments/verify`),
 * which records it once, and `onPaid` gets its answer.
 */
export function CardPayment({
  clientSecret,
  paymentIntentId,
  amountCents,
  onPaid,
}: {
  clientSecret: string;
  paymentIntentId: string;
  amountCents: number;
  onPaid(verified: VerifyPaymentResponse | null): void;
}) {
  const config = useStripeConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const onOutcome = async (outcome: PaymentOutcome) => {
    if (outcome.error) {
      setFailure(outcome.error);
      return;
    }
    setFailure(null);
    onPaid(await verifyPayment(paymentIntentId, clientSecret).catch(() => null));
  };
  const payLabel = `Pay ${formatUsd(amountCents)}`;
  return (
    <div className="card-payment">
      {failure && (
        <div className="pay-panel__failure" role="alert">
          <strong>Payment Failed</strong>
          <p>{failure}</p>
          <p>Please check your card details or try another card.</p>
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
    </div>
  );
}
