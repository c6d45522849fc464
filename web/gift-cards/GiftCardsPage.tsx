import { useState, type FormEvent } from 'react';
import {
  EMPTY_GIFT_CARD_FORM,
  GiftCardFormSchema,
  type GiftCardPurchaseResponse,
} from '../../contracts/gift-cards/api.js';
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS } from '../../contracts/gift-cards/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { NumberField } from '../components/NumberField.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { apiErrorText, apiJson } from '../core/api.js';
import { useFormModel } from '../core/useFormModel.js';
import { PageHead } from '../layout/PageHead.js';
import { CardPayment } from '../pricing/CardPayment.js';
import './GiftCardsPage.css';
import { PAGE_SHARE } from '../../contracts/site/share-image.js';

const AMOUNTS = [25, 50, 75, 100, 150];

const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dayText = (isoDay: string) => longDay.format(new Date(`${isoDay}T12:00:00Z`));

/**
 * /gift-cards: a card of $25-$500 for someone, with a message and the day it is e-mailed to them,
 * paid by card like an enrollment. The server writes the code (80 random bits), e-mails it on the
 * day with a card to print, and the recipient spends it on any class.
 */
export function GiftCardsPage() {
  const form = useFormModel({ initial: EMPTY_GIFT_CARD_FORM });
  const [order, setOrder] = useState<GiftCardPurchaseResponse | null>(null);
  const [paid, setPaid] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const preset = AMOUNTS.includes(form.values.amount) ? String(form.values.amount) : 'other';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(GiftCardFormSchema);
    if (!parsed || sending) return;
    setSending(true);
    setRefusal(null);
    try {
      const { amount, ...rest } = parsed;
      setOrder(
        await apiJson<GiftCardPurchaseResponse>('POST', '/api/gift-cards', { ...rest, amountCents: amount * 100 }),
      );
    } catch (err) {
      // The form names the amount in dollars; the server's amountCents is that field.
      const issues = form.showServerIssues(err);
      if (!issues) setRefusal(apiErrorText(err) ?? 'We could not take your order just now. Please try again.');
    } finally {
      setSending(false);
    }
  };

  const recipient = form.values.recipientName.trim() || 'your recipient';
  return (
    <>
      <PageHead
        page="Gift Cards"
        share={PAGE_SHARE.giftCards}
        path="/gift-cards"
        description={`Give a ${SCHOOL.fullName} gift card: any amount from $25 to $500, e-mailed on the day you choose with a card to print, for a tea party, a camp or any class.`}
      />
      <section className="page-hero">
        <div className="container">
          <span className="eyebrow">Gift cards</span>
          <h1>Give the Gift of Good Manners</h1>
          <p className="lead">
            A birthday, a thank-you, a new school year: a gift card pays for a tea party, a camp or any class, and what
            is left stays on the card for next time.
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container gift-cards">
          {paid && order ? (
            <Card as="section" className="gift-cards__done" aria-labelledby="gift-done-title">
              <h2 id="gift-done-title">Thank You!</h2>
              <p role="status">
                Your {formatUsd(order.amountCents)} gift card is paid. We will e-mail it to {recipient} on{' '}
                {dayText(order.sendOn)}, with a card to print. Your receipt is on its way to you.
              </p>
              <div className="button-row">
                <Link href="/scheduling" variant="primary">
                  See the schedule
                </Link>
                <Button
                  variant="outline"
                  onPress={() => {
                    setOrder(null);
                    setPaid(false);
                    form.reset();
                  }}
                >
                  Buy another card
                </Button>
              </div>
            </Card>
          ) : order ? (
            <Card as="section" className="gift-cards__pay" aria-labelledby="gift-pay-title">
              <h2 id="gift-pay-title">Payment</h2>
              <p>
                A {formatUsd(order.amountCents)} gift card for {recipient}, e-mailed on {dayText(order.sendOn)}.
              </p>
              <CardPayment
                clientSecret={order.clientSecret}
                paymentIntentId={order.paymentIntentId}
                amountCents={order.amountCents}
                onPaid={(verified) => setPaid(verified?.status === 'succeeded')}
              />
              <Button variant="ghost" onPress={() => setOrder(null)}>
                Back to the card’s details
              </Button>
            </Card>
          ) : (
            <form ref={form.formRef} className="gift-cards__form" onSubmit={(e) => void submit(e)} noValidate>
              <h2 className="gift-cards__title">Your Gift Card</h2>
              <RadioGroup
                label="Amount"
                value={preset}
                onChange={(v) => form.set('amount', v === 'other' ? Number.NaN : Number(v))}
                orientation="horizontal"
              >
                {AMOUNTS.map((a) => (
                  <Radio key={a} value={String(a)}>
                    ${a}
                  </Radio>
                ))}
                <Radio value="other">Other</Radio>
              </RadioGroup>
              {preset === 'other' && (
                <NumberField
                  label="Other amount"
                  description={`Whole dollars, from $${GIFT_CARD_MIN_CENTS / 100} to $${GIFT_CARD_MAX_CENTS / 100}.`}
                  {...form.field('amount')}
                  minValue={GIFT_CARD_MIN_CENTS / 100}
                  maxValue={GIFT_CARD_MAX_CENTS / 100}
                  step={1}
                  formatOptions={{ style: 'currency', currency: 'USD', maximumFractionDigits: 0 }}
                  isRequired
                />
              )}
              <fieldset className="gift-cards__group">
                <legend>For</legend>
                <TextField label="Recipient's name" autoComplete="off" isRequired {...form.field('recipientName')} />
                <TextField
                  label="Recipient's email"
                  type="email"
                  autoComplete="off"
                  isRequired
                  {...form.field('recipientEmail')}
                />
                <TextArea
                  label="Your message"
                  description="Up to 500 characters, printed on the card."
                  rows={3}
                  {...form.field('message')}
                />
                <TextField
                  label="Send on"
                  type="date"
                  description="The day we e-mail the card. Leave empty to send it as soon as it is paid."
                  value={form.values.sendOn ?? ''}
                  onChange={(v) => form.set('sendOn', v)}
                  name="sendOn"
                  errorMessage={form.errors.sendOn}
                />
              </fieldset>
              <fieldset className="gift-cards__group">
                <legend>From</legend>
                <TextField label="Your name" autoComplete="name" isRequired {...form.field('purchaserName')} />
                <TextField
                  label="Your email"
                  type="email"
                  autoComplete="email"
                  isRequired
                  {...form.field('purchaserEmail')}
                />
              </fieldset>
              {refusal && (
                <p role="alert" className="gift-cards__refusal">
                  {refusal}
                </p>
              )}
              <Button type="submit" size="lg" fullWidth isPending={sending}>
                {sending
                  ? 'Preparing payment…'
                  : Number.isFinite(form.values.amount)
                    ? `Continue to payment: $${form.values.amount}`
                    : 'Continue to payment'}
              </Button>
            </form>
          )}
          <aside className="gift-cards__how" aria-labelledby="gift-how-title">
            <h2 id="gift-how-title">How It Works</h2>
            <ol>
              <li>Choose an amount and write a message.</li>
              <li>We e-mail the card on the day you choose, with a code and a card to print.</li>
              <li>The code is entered in the &ldquo;Gift card&rdquo; field when enrolling in any class.</li>
              <li>It pays what it can; anything left stays on the card.</li>
            </ol>
            <p>
              Questions? Call us at <a href={SCHOOL.phoneHref}>{SCHOOL.phone}</a>.
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
