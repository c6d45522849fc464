import type { OrderView } from '../../contracts/enrollment/api.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { Row } from './OrderRow.js';

/**
 * An order the server does not report as confirmed: still pending, unknown, or not loadable just
 * now. The page says so instead of congratulating, and lets the visitor check again.
 */
export function OrderNotConfirmed({
  orderId,
  loadFailed = false,
  onCheckAgain,
  checking = false,
}: {
  orderId: string;
  loadFailed?: boolean;
  onCheckAgain?: () => void;
  checking?: boolean;
}) {
  return (
    <div className="container container--narrow section confirm">
      <header className="confirm__head">
        <div className="confirm__icon confirm__icon--waiting" aria-hidden="true">
          …
        </div>
        <h1>{loadFailed ? 'We Could Not Check Your Order' : 'Enrollment Not Confirmed Yet'}</h1>
        <p className="lead">
          {loadFailed
            ? 'Our system did not answer just now. Your enrollment is not lost: please check again in a moment.'
            : orderId
              ? 'We have no confirmed enrollment under this order number yet.'
              : 'This page needs an order number.'}
        </p>
      </header>
      <Card as="section" aria-labelledby="pending-title" role="status">
        <h2 id="pending-title">What this means</h2>
        {orderId && (
          <dl className="confirm__list">
            <Row label="Order number" value={orderId} />
          </dl>
        )}
        <ul className="confirm__notes">
          <li>If you have just paid, the confirmation can take a moment: check again below.</li>
          <li>Your enrollment is confirmed once you receive our confirmation e-mail with your receipt.</li>
          <li>
            Nothing after an hour? <Link href="/contact">Contact us</Link> with your order number and we will sort it
            out.
          </li>
        </ul>
      </Card>
      <div className="button-row button-row--center">
        <Link href="/scheduling" variant="outline" size="lg">
          Return to Workshops
        </Link>
        {onCheckAgain && (
          <Button size="lg" onPress={onCheckAgain} isPending={checking}>
            Check Again
          </Button>
        )}
      </div>
    </div>
  );
}

const CLOSED: Record<Exclude<OrderView['status'], 'completed'>, { title: string; lead: (o: OrderView) => string }> = {
  refunded: {
    title: 'Enrollment Refunded',
    lead: (o) =>
      `This enrollment was refunded (${formatUsd(o.refundedCents)}). A refund takes 5-10 business days to appear on your card.`,
  },
  cancelled: {
    title: 'Enrollment Cancelled',
    lead: () => 'This enrollment was cancelled. If you did not expect this, please contact us.',
  },
  expired: {
    title: 'Seat Hold Expired',
    lead: () => 'The seats held for this enrollment were released before it was confirmed.',
  },
  pending: { title: 'Enrollment Not Confirmed Yet', lead: () => 'This enrollment is still waiting for its payment.' },
};

/** An order the server knows but does not hold as confirmed any more (refunded, cancelled). */
export function OrderClosed({ orderId, order }: { orderId: string; order: OrderView }) {
  const state = CLOSED[order.status as keyof typeof CLOSED];
  return (
    <div className="container container--narrow section confirm">
      <header className="confirm__head">
        <h1>{state.title}</h1>
        <p className="lead">{state.lead(order)}</p>
      </header>
      <Card as="section" aria-labelledby="closed-title">
        <h2 id="closed-title">Order Details</h2>
        <dl className="confirm__list">
          <Row label="Order number" value={orderId} />
          <Row label="Workshop" value={order.item.title} />
          <Row label="Total" value={formatUsd(order.amountCents)} strong />
        </dl>
      </Card>
      <div className="button-row button-row--center">
        <Link href="/scheduling" variant="primary" size="lg">
          Return to Workshops
        </Link>
      </div>
    </div>
  );
}
