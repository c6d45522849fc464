import { useEffect, useRef } from 'react';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import './PaymentSuccessCard.css';

/** Shown in place of the payment form when the payment went through but no redirect followed. */
export function PaymentSuccessCard({ reference, note }: { reference: string | null; note?: string }) {
  // It takes the place of the form and its Pay button: focus goes to it, not to the page's body.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card as="section" className="pay-done" aria-labelledby="pay-done-title">
      <div className="pay-done__icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="pay-done-title" ref={heading} tabIndex={-1}>
        Payment Successful!
      </h2>
      <p>{note ?? 'Thank you! A confirmation e-mail is on its way.'}</p>
      {reference && (
        <p className="pay-done__ref">
          Order reference: <strong>{reference}</strong>
        </p>
      )}
      <div className="button-row button-row--center">
        <Link href="/scheduling" variant="primary">
          View More Workshops
        </Link>
        <Link href="/" variant="outline">
          Return Home
        </Link>
      </div>
    </Card>
  );
}
