import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { VerifyPaymentResponse } from '../../contracts/payments/api.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { Spinner } from '../components/Spinner.js';
import { toast, type ToastMessage } from '../components/Toast.js';
import { ApiError } from '../core/api.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { orderConfirmationHref, verifyPayment } from './api.js';
import './PaymentSuccessPage.css';

type View =
  | { state: 'verifying' }
  | { state: 'success' | 'processing' | 'failed'; result: VerifyPaymentResponse | null; toast: ToastMessage };

const TOASTS = {
  success: { title: 'Payment Successful!', description: 'Check your e-mail for your confirmation.' },
  processing: {
    title: 'Payment Processing',
    description: 'Your payment is being processed. We will notify you when it is complete.',
  },
  failed: {
    title: 'Payment Failed',
    description: 'There was an issue with your payment. Please contact support.',
    variant: 'destructive',
  },
  unverifiable: {
    title: 'Payment Verification Failed',
    description: 'Could not verify payment details. Please contact support.',
    variant: 'destructive',
  },
  error: {
    title: 'Payment Verification Error',
    description: 'Could not verify your payment status. Please contact support.',
    variant: 'destructive',
  },
} satisfies Record<string, ToastMessage>;

/** The provider sends the visitor back here; the server asks the provider and reconciles the order. */
export function PaymentSuccessPage() {
  usePageTitle('Payment');
  const [search] = useSearchParams();
  const paymentIntentId = search.get('payment_intent') ?? '';
  const clientSecret = search.get('payment_intent_client_secret') ?? '';
  const complete = Boolean(paymentIntentId && clientSecret);
  const check = useQuery({
    queryKey: ['verify-payment', paymentIntentId],
    queryFn: () => verifyPayment(paymentIntentId, clientSecret),
    enabled: complete,
  });

  const view: View = !complete
    ? { state: 'failed', result: null, toast: TOASTS.unverifiable }
    : check.isPending
      ? { state: 'verifying' }
      : check.isError
        ? {
            state: 'failed',
            result: null,
            toast: check.error instanceof ApiError && check.error.status === 404 ? TOASTS.unverifiable : TOASTS.error,
          }
        : check.data.status === 'succeeded'
          ? { state: 'success', result: check.data, toast: TOASTS.success }
          : check.data.status === 'processing'
            ? { state: 'processing', result: check.data, toast: TOASTS.processing }
            : { state: 'failed', result: check.data, toast: TOASTS.failed };

  const toasted = useRef(false);
  useEffect(() => {
    if (view.state === 'verifying' || toasted.current) return;
    toasted.current = true;
    toast(view.toast);
  });

  return (
    <div className="container container--narrow section pay-result">
      <Card as="section" className={`pay-result__card pay-result__card--${view.state}`} aria-live="polite">
        {view.state === 'verifying' && (
          <>
            <h1>Verifying your payment…</h1>
            <Spinner label="Verifying your payment…" />
          </>
        )}
        {view.state === 'success' && <Succeeded result={view.result!} />}
        {view.state === 'processing' && (
          <>
            <h1>Payment Processing</h1>
            <p>
              Your payment is being processed. We will e-mail you as soon as it is complete; there is no need to pay
              again.
            </p>
            <Link href="/" variant="outline">
              Return Home
            </Link>
          </>
        )}
        {view.state === 'failed' && <Failed result={view.result} />}
      </Card>
    </div>
  );
}

function Succeeded({ result }: { result: VerifyPaymentResponse }) {
  return (
    <>
      <div className="pay-result__icon" aria-hidden="true">
        ✓
      </div>
      <h1>Payment Successful!</h1>
      <p>Thank you. Your enrollment is confirmed and a confirmation e-mail is on its way.</p>
      {result.orderReference && (
        <p>
          Order reference: <strong>{result.orderReference}</strong>
        </p>
      )}
      <div className="button-row button-row--center">
        {result.orderId ? (
          <Link
            href={orderConfirmationHref({
              workshopId: result.workshopId,
              attendees: result.attendees ?? 1,
              orderId: result.orderId,
              isFree: false,
              position: result.position,
            })}
            variant="primary"
          >
            View Order Confirmation
          </Link>
        ) : (
          <Link href="/scheduling" variant="primary">
            View More Workshops
          </Link>
        )}
        <Link href="/" variant="outline">
          Return Home
        </Link>
      </div>
    </>
  );
}

function Failed({ result }: { result: VerifyPaymentResponse | null }) {
  if (result?.status === 'refunded') {
    return (
      <>
        <h1>Payment Refunded</h1>
        <p>{result.message}</p>
        <Link href="/scheduling" variant="primary">
          Choose another date
        </Link>
      </>
    );
  }
  return (
    <>
      <h1>Payment Failed</h1>
      {result?.message && <p className="pay-result__reason">{result.message}</p>}
      <p>Your payment could not be completed. This is usually because of:</p>
      <ul className="pay-result__reasons">
        <li>Insufficient funds</li>
        <li>The card was declined</li>
        <li>Incorrect card information</li>
      </ul>
      <p>No charge was made. You can try again from the schedule, or contact us and we will help.</p>
      <div className="button-row button-row--center">
        <Link href="/scheduling" variant="primary">
          Back to the Schedule
        </Link>
        <Link href="/contact" variant="outline">
          Contact Us
        </Link>
      </div>
    </>
  );
}
