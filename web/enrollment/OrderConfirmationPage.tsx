import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paymentMethodWords } from '../../contracts/enrollment/payment-words.js';
import type { OrderView } from '../../contracts/enrollment/api.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { ApiError } from '../core/api.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { PurchasedItemDetails } from './PurchasedItemDetails.js';
import { useOrder } from './queries.js';
import { OrderNotConfirmed, OrderClosed } from './OrderStatusNotice.js';
import { Row } from './OrderRow.js';
import { orderReceiptPdfHref, ReceiptDownloads } from './ReceiptDownloads.js';
import { PriceLines } from '../pricing/PriceLines.js';
import { savedReceiptToken } from './receiptProof.js';
import './OrderConfirmationPage.css';

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  dateStyle: 'long',
  timeStyle: 'short',
});

/**
 * "Enrollment Confirmed!" only for an order the server reports confirmed (`completed`). An order
 * the server does not know as confirmed (still pending, or no such order) and one refunded or
 * cancelled each get an honest page of their own; nothing is inferred from the address.
 */
export function OrderConfirmationPage() {
  usePageTitle('Order Confirmation');
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const order = useOrder(orderId, search.get('minPosition') ?? undefined);

  if (!orderId) return <OrderNotConfirmed orderId="" />;
  if (order.isPending) return <PageLoading label="Loading your confirmation…" />;
  if (order.data?.status === 'completed') return <ConfirmedOrder orderId={orderId} order={order.data} />;
  if (order.data) return <OrderClosed orderId={orderId} order={order.data} />;
  const unknown = order.error instanceof ApiError && order.error.status === 404;
  return (
    <OrderNotConfirmed
      orderId={orderId}
      loadFailed={!unknown}
      onCheckAgain={() => void order.refetch()}
      checking={order.isFetching}
    />
  );
}

function ConfirmedOrder({ orderId, order: o }: { orderId: string; order: OrderView }) {
  const item = o.item;
  // Arrived from the payment: focus starts at what happened, and Tab goes on from there.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <div className="container section confirm">
      <header className="confirm__head">
        <div className="confirm__icon" aria-hidden="true">
          ✓
        </div>
        <h1 ref={heading} tabIndex={-1}>
          Enrollment Confirmed!
        </h1>
        <p className="lead">Thank you for enrolling. We look forward to seeing you.</p>
      </header>

      <div className="confirm__grid">
        <Card as="section" aria-labelledby="confirm-order-title">
          <h2 id="confirm-order-title">Order Details</h2>
          <dl className="confirm__list">
            <Row label="Order number" value={orderId} />
            {o.orderReference && <Row label="Order reference" value={o.orderReference} />}
            <Row label="Date" value={dateTime.format(new Date(o.confirmedAt ?? o.submittedAt))} />
            <Row
              label="Payment method"
              value={paymentMethodWords(o.paymentMethod, o.pricing) ?? (o.isFree ? 'Free Enrollment' : 'Credit Card')}
            />
            <Row label="Attendees" value={String(o.participants)} />
            {!o.pricing && <Row label="Total" value={formatUsd(o.amountCents)} strong />}
          </dl>
          {o.pricing && (
            <PriceLines
              pricing={{ ...o.pricing, balanceCents: o.balanceCents ?? 0 }}
              balanceDueAt={o.balanceDueAt ?? null}
              paid
              className="confirm__price"
            />
          )}
          {(o.balanceCents ?? 0) > 0 && (
            <p className="confirm__balance">
              Your deposit is paid. Pay the balance from the &ldquo;Manage your booking&rdquo; link in your confirmation
              e-mail; we will remind you a week before it is due.
            </p>
          )}
        </Card>

        <Card as="section" aria-labelledby="confirm-workshop-title">
          <h2 id="confirm-workshop-title">Workshop Information</h2>
          <PurchasedItemDetails item={item} />
        </Card>
      </div>

      <Card as="section" className="confirm__next" aria-labelledby="confirm-next-title">
        <h2 id="confirm-next-title">What&apos;s Next</h2>
        <ul>
          <li>
            A confirmation e-mail with your receipt and a calendar invitation is on its way. Its &ldquo;Manage your
            booking&rdquo; link shows each participant&apos;s details, lets you correct them, and lets you cancel.
          </li>
          <li>Please arrive 15 minutes early so we can start on time.</li>
          <li>
            Questions? Reply to the e-mail or <Link href="/contact">contact us</Link>.
          </li>
        </ul>
      </Card>

      <div className="button-row button-row--center">
        <Link href="/scheduling" variant="outline" size="lg">
          Return to Workshops
        </Link>
        <ReceiptDownloads
          orderId={orderId}
          order={o}
          pdfHref={orderReceiptPdfHref(orderId)}
          receiptToken={savedReceiptToken(o.enrollmentId)}
          size="lg"
          pdfVariant="primary"
        />
      </div>
    </div>
  );
}
