import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/Spinner.js';
import { useStripeConfig } from '../queries.js';
import { TestCardForm, type PaymentOutcome } from '../TestCardForm.js';

const StripePaymentForm = lazy(async () => ({ default: (await import('../StripePaymentForm.js')).StripePaymentForm }));

/** Stripe Elements with a publishable key, the test-card form without one. */
export function TestPaymentForm({
  clientSecret,
  payLabel,
  onOutcome,
}: {
  clientSecret: string;
  payLabel: string;
  onOutcome(o: PaymentOutcome): void;
}) {
  const config = useStripeConfig();
  if (!config.data) return <Spinner label="Initializing payment..." showLabel />;
  return config.data.publishableKey ? (
    <Suspense fallback={<Spinner label="Initializing payment..." showLabel />}>
      <StripePaymentForm
        publishableKey={config.data.publishableKey}
        clientSecret={clientSecret}
        payLabel={payLabel}
        onOutcome={onOutcome}
      />
    </Suspense>
  ) : (
    <TestCardForm clientSecret={clientSecret} payLabel={payLabel} onOutcome={onOutcome} />
  );
}
