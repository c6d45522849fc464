import { useState } from 'react';
import type { BalancePaymentResponse, BookingView } from '../../contracts/booking/api.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { apiErrorText } from '../core/api.js';
import { CardPayment } from '../pricing/CardPayment.js';
import { InstallmentSchedule } from '../pricing/InstallmentSchedule.js';
import { openInstallmentPayment, removeSavedCard, useRefreshBooking } from './api.js';

/**
 * A booking paid in instalments (issue 43): the schedule and how each stands; an instalment the
 * saved card declined (or any left once the card is removed) is paid here with a card, as the
 * balance is; "Remove my card" stops the automatic charges and says how to pay the rest.
 */
export function InstallmentsPanel({
  token,
  booking: b,
  onNews,
}: {
  token: string;
  booking: BookingView;
  onNews(words: string): void;
}) {
  const [paying, setPaying] = useState<{ n: number; intent: BalancePaymentResponse } | null>(null);
  const [busy, setBusy] = useState<number | 'card' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useRefreshBooking(token);
  const payable = b.installments.filter((i) => i.status === 'failed' || (!b.savedCard && i.status === 'due'));
  const next = payable[0];

  const act = async (which: number | 'card', run: () => Promise<void>) => {
    setBusy(which);
    setProblem(null);
    try {
      await run();
    } catch (err) {
      setProblem(apiErrorText(err) ?? 'That did not work just now. Please try again in a moment.');
    } finally {
      setBusy(null);
    }
  };
  const open = (n: number) => act(n, async () => setPaying({ n, intent: await openInstallmentPayment(token, n) }));
  const remove = () =>
    act('card', async () => {
      const answer = await removeSavedCard(token);
      await refresh(answer.position);
      onNews(answer.message);
    });

  return (
    <Card as="section" aria-labelledby="booking-plan-title" className="booking__balance">
      <h2 id="booking-plan-title">Payment plan</h2>
      <p>
        {b.savedCard
          ? 'Your saved card is charged for each instalment on its date.'
          : 'No card is saved: please pay each instalment here by its date.'}
      </p>
      <InstallmentSchedule planned={b.installments} />
      {problem && (
        <p role="alert" className="booking__error">
          {problem}
        </p>
      )}
      {paying ? (
        <CardPayment
          clientSecret={paying.intent.clientSecret}
          paymentIntentId={paying.intent.paymentIntentId}
          amountCents={paying.intent.amountCents}
          onPaid={(verified) => {
            setPaying(null);
            void refresh(verified?.position).then(() =>
              onNews(`Thank you: instalment ${paying.n} is paid. A receipt is on its way by e-mail.`),
            );
          }}
        />
      ) : (
        <div className="button-row">
          {next && (
            <Button onPress={() => void open(next.n)} isPending={busy === next.n}>
              Pay instalment {next.n}: {formatUsd(next.amountCents)}
            </Button>
          )}
          {b.savedCard && b.installments.some((i) => i.status === 'due' || i.status === 'failed') && (
            <Button variant="outline" onPress={() => void remove()} isPending={busy === 'card'}>
              Remove my card
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
