import { useState } from 'react';
import type { BalancePaymentResponse, BookingView } from '../../contracts/booking/api.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { apiErrorText } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { CardPayment } from '../pricing/CardPayment.js';
import { openBalancePayment, useRefreshBooking } from './api.js';

/**
 * What a deposit booking still owes and "Pay the balance": the server opens one PaymentIntent for
 * exactly what is owed, paid here like the checkout's; once the server has it, the booking is read
 * again and shows it paid in full.
 */
export function BalancePanel({ token, booking: b, onPaid }: { token: string; booking: BookingView; onPaid(): void }) {
  const [intent, setIntent] = useState<BalancePaymentResponse | null>(null);
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useRefreshBooking(token);
  const due = b.balanceDueAt ? formatLongDate(b.balanceDueAt) : null;
  const overdue = b.balanceDueAt !== null && Date.parse(b.balanceDueAt) < Date.now();

  const open = async () => {
    setOpening(true);
    setProblem(null);
    try {
      setIntent(await openBalancePayment(token));
    } catch (err) {
      setProblem(apiErrorText(err) ?? 'We could not set up the payment just now. Please try again in a moment.');
    } finally {
      setOpening(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="booking-balance-title" className="booking__balance">
      <h2 id="booking-balance-title">Balance due</h2>
      <p>
        Your deposit is paid. The balance of <strong>{formatUsd(b.balanceCents)}</strong>
        {due ? (overdue ? ` was due on ${due}.` : ` is due by ${due}.`) : ' is still to pay.'}
      </p>
      {problem && (
        <p role="alert" className="booking__error">
          {problem}
        </p>
      )}
      {intent ? (
        <CardPayment
          clientSecret={intent.clientSecret}
          paymentIntentId={intent.paymentIntentId}
          amountCents={intent.amountCents}
          onPaid={(verified) => {
            void refresh(verified?.position).then(onPaid);
          }}
        />
      ) : (
        <div className="button-row">
          <Button onPress={() => void open()} isPending={opening}>
            Pay the balance
          </Button>
        </div>
      )}
    </Card>
  );
}
