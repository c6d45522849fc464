import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatUsd } from '../../contracts/enrollment/money.js';
import type { StripeConfig, VerifyPaymentResponse } from '../../contracts/payments/api.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { Spinner } from '../components/Spinner.js';
import { toast, toastOnNextPage } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { useApiRead } from '../core/useApiRead.js';
import { forgetDraft } from './draftStorage.js';
import { orderConfirmationHref, verifyPayment } from './api.js';
import { PaymentSuccessCard } from './PaymentSuccessCard.js';
import { TestCardForm, type PaymentOutcome } from './TestCardForm.js';
import { usePaymentIntent } from './usePaymentIntent.js';

const StripePaymentForm = lazy(async () => ({ default: (await import('./StripePaymentForm.js')).StripePaymentForm }));

export interface PaymentPanelProps {
  enrollmentId: string;
  workshopId: string;
  title: string;
  participants: number;
  amountCents: number;
}

const FALLBACK_FAILURE = 'An error occurred during payment processing';

/**
 * The card payment: sets up the PaymentIntent, shows the right form (Stripe Elements when the
 * server gives a publishable key, the offline provider's test cards otherwise), and acts on the
 * outcome. Part of the checkout's island: no router or query client, and the confirmation is a
 * page load.
 */
export function PaymentPanel({ enrollmentId, workshopId, title, participants, amountCents }: PaymentPanelProps) {
  const config = useApiRead<StripeConfig>(queryKeys.stripeConfig());
  const intent = usePaymentIntent({
    enrollmentId,
    amount: amountCents / 100,
    workshopId,
    participants,
    programName: title,
  });
  const setupFailed = intent.status === 'error' || config.status === 'error';
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<
    VerifyPaymentResponse | { status: 'pending-provider'; reference: string | null } | null
  >(null);
  const setupToastShown = useRef(false);

  useEffect(() => {
    if (setupFailed && !setupToastShown.current) {
      setupToastShown.current = true;
      toast({
        title: 'Payment Setup Failed',
        description: 'There was an issue setting up the payment processor. Please try again.',
        variant: 'destructive',
      });
    }
  }, [setupFailed]);

  const onOutcome = async (outcome: PaymentOutcome) => {
    if (outcome.error) {
      setFailure(outcome.error);
      toast({ title: 'Payment Failed', description: outcome.error || FALLBACK_FAILURE, variant: 'destructive' });
      return;
    }
    setFailure(null);
    if (outcome.status !== 'succeeded' || intent.status !== 'success') {
      setDone({ status: 'pending-provider', reference: null });
      return;
    }
    // Ask the server, which asks the provider, so the order exists before the confirmation shows.
    const verified = await verifyPayment(intent.data.paymentIntentId, intent.data.clientSecret).catch(() => null);
    if (verified?.status === 'succeeded' && verified.orderId) {
      // Paid: Back no longer brings the form as it was sent.
      forgetDraft(workshopId);
      toastOnNextPage({ title: 'Payment Successful!', description: 'Check your e-mail for your confirmation.' });
      window.location.assign(
        orderConfirmationHref({
          workshopId,
          attendees: participants,
          orderId: verified.orderId,
          isFree: false,
          position: verified.position,
        }),
      );
      return;
    }
    setDone(verified ?? { status: 'pending-provider', reference: null });
  };

  if (done) {
    if (done.status === 'refunded') {
      return (
        <Card as="section" className="pay-panel" role="alert">
          <h2>Payment Refunded</h2>
          <p>{'message' in done ? done.message : ''}</p>
          <Link href="/scheduling" variant="primary">
            Choose another date
          </Link>
        </Card>
      );
    }
    return <PaymentSuccessCard reference={'orderReference' in done ? done.orderReference : null} />;
  }

  if (setupFailed) {
    return (
      <Card as="section" className="pay-panel" role="alert">
        <h2>Payment Setup Failed</h2>
        <p>{apiErrorText(intent.error) ?? 'There was an issue setting up the payment processor. Please try again.'}</p>
        <div className="button-row">
          <Link href={`/enroll/${encodeURIComponent(workshopId)}`} variant="primary">
            Back to the enrollment form
          </Link>
          <Link href="/scheduling" variant="outline">
            View the schedule
          </Link>
        </div>
      </Card>
    );
  }

  const payLabel = `Pay ${formatUsd(amountCents)}`;
  return (
    <Card as="section" className="pay-panel" aria-labelledby="pay-panel-title">
      <h2 id="pay-panel-title">Payment Details</h2>
      {failure && (
        <div className="pay-panel__failure" role="alert">
          <strong>Payment Failed</strong>
          <p>{failure}</p>
          <p>Please check your card details or try another card.</p>
        </div>
      )}
      {intent.status !== 'success' || config.status !== 'success' ? (
        <div className="pay-panel__loading">
          <Spinner label="Initializing payment..." showLabel />
        </div>
      ) : config.data.publishableKey ? (
        <Suspense fallback={<Spinner label="Initializing payment..." showLabel />}>
          <StripePaymentForm
            publishableKey={config.data.publishableKey}
            clientSecret={intent.data.clientSecret}
            payLabel={payLabel}
            onOutcome={(o) => void onOutcome(o)}
          />
        </Suspense>
      ) : (
        <TestCardForm
          clientSecret={intent.data.clientSecret}
          payLabel={payLabel}
          onOutcome={(o) => void onOutcome(o)}
        />
      )}
      <p className="pay-panel__secure">Payments are processed securely. We never store your card details.</p>
    </Card>
  );
}
