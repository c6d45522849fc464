import { useEffect, useState } from 'react';
import type { StripeConnection } from '../../../contracts/payments/api.js';
import { Badge } from '../../components/Badge.js';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { Link } from '../../components/Link.js';
import { toast } from '../../components/Toast.js';
import { apiJson, apiErrorText } from '../../core/api.js';
import { usePageTitle } from '../../layout/usePageTitle.js';
import { useStripeConfig } from '../queries.js';
import { TestModeGate, TestPageHeader } from './TestModeGate.js';

export function PaymentTestPage() {
  usePageTitle('Payment Test');
  return (
    <TestModeGate>
      <PaymentTest />
    </TestModeGate>
  );
}

function PaymentTest() {
  const config = useStripeConfig();
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<StripeConnection | null>(null);

  useEffect(() => {
    if (config.isError)
      toast({
        title: 'Configuration Error',
        description: apiErrorText(config.error) ?? 'Could not read the payment configuration.',
        variant: 'destructive',
      });
  }, [config.isError, config.error]);

  const test = async () => {
    setChecking(true);
    try {
      const r = await apiJson<StripeConnection>('GET', '/api/test-stripe-connection');
      setResult(r);
      if (r.success)
        toast({ title: 'Connection successful', description: `The ${r.provider} payment provider answered.` });
      else
        toast({
          title: 'Stripe Connection Failed',
          description: r.error ?? 'The provider did not answer.',
          variant: 'destructive',
        });
    } catch (err) {
      toast({
        title: 'Stripe Connection Failed',
        description: apiErrorText(err) ?? 'The server could not test the connection.',
        variant: 'destructive',
      });
    } finally {
      setChecking(false);
    }
  };

  const yesNo = (ok: boolean) => (
    <Badge variant={ok ? 'success' : 'danger'}>{ok ? 'Configured' : 'Not configured'}</Badge>
  );
  return (
    <div className="container container--narrow section test-page">
      <TestPageHeader title="Payment Configuration Test">
        Checks that the payment provider’s keys are set and that it answers.
      </TestPageHeader>
      <Card as="section" aria-labelledby="pt-config">
        <h2 id="pt-config">Configuration</h2>
        {config.data && (
          <dl className="test-page__status">
            <div>
              <dt>Provider</dt>
              <dd>{config.data.provider === 'offline' ? 'Offline test provider' : 'Stripe'}</dd>
            </div>
            <div>
              <dt>Publishable key</dt>
              <dd>{yesNo(Boolean(config.data.publishableKey))}</dd>
            </div>
            <div>
              <dt>Secret key</dt>
              <dd>{yesNo(config.data.hasSecretKey)}</dd>
            </div>
          </dl>
        )}
      </Card>
      <Card as="section" aria-labelledby="pt-conn">
        <h2 id="pt-conn">Connection</h2>
        <div aria-live="polite">
          {result && (
            <div className={result.success ? 'test-page__result' : 'test-page__result test-page__result--bad'}>
              <p>
                {result.success ? 'The provider answered: the connection works.' : `Connection failed: ${result.error}`}
              </p>
            </div>
          )}
        </div>
        <Button onPress={() => void test()} isPending={checking}>
          Test Stripe Connection
        </Button>
      </Card>
      <nav className="test-page__links" aria-label="Other test pages">
        <Link href="/test-charge">$1 test charge</Link>
        <Link href="/enrollment-test">Enrollment test</Link>
        <Link href="/free-enrollment-test">Free enrollment test</Link>
      </nav>
    </div>
  );
}
