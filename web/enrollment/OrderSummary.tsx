import { formatUsd, sessionShareWords, type SessionShare } from '../../contracts/enrollment/money.js';
import type { PricingView } from '../../contracts/enrollment/pricing.js';
import { Card } from '../components/Card.js';
import { PriceLines } from '../pricing/PriceLines.js';
import { InstallmentSchedule } from '../pricing/InstallmentSchedule.js';

/**
 * Price, participants, subtotal, tax (always $0) and total, as the specification lists them; with
 * the server's breakdown, each discount between the subtotal and the tax, so the tax follows them
 * and no amount is said twice. Amounts in cents.
 */
export function OrderSummary({
  title,
  unitPriceCents,
  participants,
  totalCents,
  pricing,
  share,
  groupPrice,
}: {
  title: string;
  unitPriceCents: number;
  participants: number;
  totalCents: number;
  /** The server's breakdown, when the order has one: its lines replace the subtotal and total. */
  pricing?: PricingView;
  /** A late join's sessions ("3 of 4 sessions"), priced pro rata. */
  share?: SessionShare | null;
  /** A group price applied (cents), when the rule chose one. */
  groupPrice?: number | null;
}) {
  const group = groupPrice ?? (share ? null : totalCents < unitPriceCents * participants ? totalCents : null);
  return (
    <Card as="section" className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        Order Summary
      </h2>
      <p className="order-summary__item">{title}</p>
      <dl className="order-summary__lines">
        <div>
          <dt>Price</dt>
          <dd>{formatUsd(unitPriceCents)}</dd>
        </div>
        <div>
          <dt>Participants</dt>
          <dd>{participants}</dd>
        </div>
        {!pricing && group !== null && (
          <div>
            <dt>Group price</dt>
            <dd>
              {participants} for {formatUsd(group)}
            </dd>
          </div>
        )}
        {share && (
          <div>
            <dt>Sessions</dt>
            <dd>{sessionShareWords(share)}, priced pro rata</dd>
          </div>
        )}
        {!pricing && (
          <>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatUsd(totalCents)}</dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd>{formatUsd(0)}</dd>
            </div>
            <div className="order-summary__total">
              <dt>Total</dt>
              <dd>{formatUsd(totalCents)}</dd>
            </div>
          </>
        )}
      </dl>
      {pricing && (
        <PriceLines
          pricing={pricing}
          balanceDueAt={pricing.balanceDueAt}
          subtotal
          tax
          className="order-summary__breakdown"
        />
      )}
      {pricing?.installments && (
        <>
          <h3 className="order-summary__title">Paying in {pricing.installments.length}</h3>
          <InstallmentSchedule planned={pricing.installments} />
          <p className="order-summary__note">
            You pay the first instalment now. Your card is saved with our payment processor and charged for each of the
            others on its date; you can remove it from your booking page.
          </p>
        </>
      )}
    </Card>
  );
}
