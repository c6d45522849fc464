import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES, REFERRAL_LABELS, REFERRAL_SOURCES } from '../../../contracts/enrollment/form.js';
import type { CreatePaymentIntentResponse } from '../../../contracts/payments/api.js';
import { Button } from '../../components/Button.js';
import { Card } from '../../components/Card.js';
import { Checkbox } from '../../components/Checkbox.js';
import { Link } from '../../components/Link.js';
import { NumberField } from '../../components/NumberField.js';
import { Select } from '../../components/Select.js';
import { TextArea } from '../../components/TextArea.js';
import { TextField } from '../../components/TextField.js';
import { toast } from '../../components/Toast.js';
import { apiJson, apiErrorText } from '../../core/api.js';
import { useFormModel } from '../../core/useFormModel.js';
import { usePageTitle } from '../../layout/usePageTitle.js';
import { orderConfirmationHref } from '../api.js';
import { useStripeConfig } from '../queries.js';
import { TestModeGate, TestPageHeader } from './TestModeGate.js';

export function EnrollmentTestPage() {
  usePageTitle('Enrollment Test');
  return (
    <TestModeGate>
      <OfflineOnly>
        <EnrollmentTest />
      </OfflineOnly>
    </TestModeGate>
  );
}

/** The simulated notification exists only with the offline provider: with Stripe, only Stripe says a payment succeeded. */
function OfflineOnly({ children }: { children: ReactNode }) {
  const config = useStripeConfig();
  if (config.data?.provider === 'offline') return <>{children}</>;
  return (
    <div className="container container--narrow section test-page">
      <TestPageHeader title="Enrollment Test">
        Records a test enrollment, then simulates the provider’s “payment succeeded” notification.
      </TestPageHeader>
      <Card as="section" role="status">
        <h2>Not available with Stripe</h2>
        <p>
          The simulated payment works only with the offline provider (<code>PAYMENTS=offline</code>). With Stripe, pay a
          test enrollment through the checkout with a Stripe test card, or try the{' '}
          <Link href="/test-charge">test charge</Link>.
        </p>
      </Card>
    </div>
  );
}

/** The test enrollment's person, prefilled; the terms box starts unticked, as the specification asks. */
const TEST_PERSON = {
  firstName: 'Test',
  lastName: 'Parent',
  email: 'test.parent@example.com',
  phone: '9725550100',
  participantNames: '',
  specialRequirements: '',
  referralSource: '',
  agreeToTerms: false,
};

/**
 * A simulated enrollment: a test enrollment and its PaymentIntent, then a payment_intent.succeeded
 * signed like the provider's, delivered through the test-only path (never an unsigned webhook).
 */
function EnrollmentTest() {
  const form = useFormModel({ initial: TEST_PERSON });
  const [amount, setAmount] = useState(100);
  const [participants, setParticipants] = useState(1);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ enrollmentId: string; position: string } | null>(null);
  const { agreeToTerms, ...person } = form.values;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!agreeToTerms) {
      form.showErrors({ agreeToTerms: MESSAGES.agreeToTerms });
      return;
    }
    setBusy(true);
    setDone(null);
    try {
      const intent = await apiJson<CreatePaymentIntentResponse>('POST', '/api/create-payment-intent', {
        amount: Number.isFinite(amount) ? amount : 100,
        participants,
        customerEmail: person.email,
        programName: 'Test Enrollment',
        ...person,
      });
      const sim = await apiJson<{ position: string }>('POST', '/api/test/simulate-payment', {
        paymentIntentId: intent.paymentIntentId,
      });
      setDone({ enrollmentId: intent.enrollmentId ?? '', position: sim.position });
      toast({ title: 'Test enrollment completed', description: 'The simulated payment notification was accepted.' });
    } catch (err) {
      toast({
        title: 'Test Failed',
        description: apiErrorText(err) ?? 'The simulated enrollment did not go through.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container container--narrow section test-page">
      <TestPageHeader title="Enrollment Test">
        Records a test enrollment, then simulates the provider’s “payment succeeded” notification.
      </TestPageHeader>
      <Card as="section" aria-labelledby="et-title">
        <h2 id="et-title">Test enrollment</h2>
        <form ref={form.formRef} className="test-page__form" onSubmit={(e) => void submit(e)} noValidate>
          <TextField label="First name" {...form.field('firstName')} />
          <TextField label="Last name" {...form.field('lastName')} />
          <TextField label="Email" type="email" {...form.field('email')} />
          <TextField label="Phone" type="tel" {...form.field('phone')} />
          <NumberField
            label="Amount (USD)"
            minValue={1}
            step={1}
            value={amount}
            onChange={setAmount}
            formatOptions={{ style: 'currency', currency: 'USD' }}
          />
          <NumberField label="Participants" minValue={1} maxValue={5} value={participants} onChange={setParticipants} />
          <TextArea className="wide" label="Participant names" rows={2} {...form.field('participantNames')} />
          <TextArea className="wide" label="Special requirements" rows={2} {...form.field('specialRequirements')} />
          <Select
            label="How did you hear about us?"
            options={REFERRAL_SOURCES.map((id) => ({ id, label: REFERRAL_LABELS[id] }))}
            selectedKey={form.values.referralSource || null}
            onSelectionChange={(k) => form.set('referralSource', k ? String(k) : '')}
          />
          <div className="wide">
            <Checkbox {...form.checkbox('agreeToTerms')} isRequired>
              I agree to the terms and conditions
            </Checkbox>
          </div>
          <div className="wide">
            <Button type="submit" isPending={busy}>
              Run Test Enrollment
            </Button>
          </div>
        </form>
        <div aria-live="polite">
          {done && (
            <div className="test-page__result">
              <p>
                Test enrollment <strong>{done.enrollmentId}</strong> was paid and confirmed as{' '}
                <strong>TEST-{done.enrollmentId}</strong>.
              </p>
              <Link
                href={orderConfirmationHref({
                  workshopId: null,
                  attendees: participants,
                  orderId: `TEST-${done.enrollmentId}`,
                  isFree: false,
                  position: done.position,
                })}
              >
                View the order confirmation
              </Link>
            </div>
          )}
        </div>
      </Card>
    </div>
  );
}
