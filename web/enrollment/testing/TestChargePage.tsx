import { useState } from 'react';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { toast } from '../../components/Toast.js';
import { apiJson, apiErrorText } from '../../core/api.js';
import { usePageTitle } from '../../layout/usePageTitle.js';
import type { PaymentOutcome } from '../TestCardForm.js';
import { TestModeGate, TestPageHeader } from './TestModeGate.js';
import { TestPaymentForm } from './TestPaymentForm.js';
import '../CheckoutPage.css';

export function TestChargePage() {
  usePageTitle('Test Charge');
  return (
    <TestModeGate>
      <TestCharge />
    </TestModeGate>
  );
}

function TestCharge() {
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);

  const create = async () => {
    setCreating(true);
    setOutcome(null);
    try {
      const r = await apiJson<{ clientSecret: string }>('POST', '/api/create-test-charge', {
        description: 'Test charge from /test-charge',
      });
      setClientSecret(r.clientSecret);
    } catch (err) {
      toast({
        title: 'Test Failed',
        description: apiErrorText(err) ?? 'The test charge could not be created.',
        variant: 'destructive',
      });
    } finally {
      setCreating(false);
    }
  };

  const onOutcome = (o: PaymentOutcome) => {
    setOutcome(o);
    if (o.error) toast({ title: 'Test Payment Failed', description: o.error, variant: 'destructive' });
    else
      toast({
        title: 'Test payment succeeded',
        description: `Payment ${o.paymentIntentId ?? ''} is ${o.status ?? 'done'}.`,
      });
  };

  return (
    <div className="container container--narrow section test-page">
      <TestPageHeader title="$1.00 Test Charge">
        Creates a one-dollar payment with the configured provider and pays it with a card.
      </TestPageHeader>
      <Card as="section" aria-labelledby="tc-title" className="pay-panel">
        <h2 id="tc-title">Test charge</h2>
        <div aria-live="polite">
          {outcome && (
            <div className={outcome.error ? 'test-page__result test-page__result--bad' : 'test-page__result'}>
              <p>
                {outcome.error
                  ? `Failed: ${outcome.error}`
                  : `Succeeded: ${outcome.paymentIntentId} (${outcome.status})`}
              </p>
            </div>
          )}
        </div>
        {clientSecret && !outcome?.status ? (
          <TestPaymentForm clientSecret={clientSecret} payLabel="Pay $1.00" onOutcome={onOutcome} />
        ) : (
          <Button onPress={() => void create()} isPending={creating}>
            Create $1.00 Test Charge
          </Button>
        )}
      </Card>
    </div>
  );
}
