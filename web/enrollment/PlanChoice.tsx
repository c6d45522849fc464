import type { PaymentPlanOffer } from '../../contracts/catalogue/payment-plan.js';
import { splitInstallments } from '../../contracts/catalogue/payment-plan.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import { InstallmentSchedule, installmentWords } from '../pricing/InstallmentSchedule.js';

/** The instalments of `cardCents` the plan offers now, as the server splits them (the first carries the remainder). */
export const plannedInstallments = (offer: PaymentPlanOffer, cardCents: number) =>
  splitInstallments(cardCents, offer.installments).map((amountCents, i) => ({
    n: i + 1,
    amountCents,
    dueAt: offer.dueAt[i]!,
  }));

/**
 * "Pay in full" or "Pay in 3" (issue 43), beside the price, when the workshop offers a plan now:
 * each choice says what is paid today and when the rest is charged, so the schedule is seen
 * before paying; the checkout shows it again with the amounts the server priced.
 */
export function PlanChoice({
  offer,
  cardCents,
  inParts,
  onChange,
}: {
  offer: PaymentPlanOffer;
  /** What the card pays (after discounts, the gift card and credit). */
  cardCents: number;
  inParts: boolean;
  onChange(inParts: boolean): void;
}) {
  const planned = plannedInstallments(offer, cardCents);
  return (
    <div className="enroll-summary__plan">
      <RadioGroup
        label="How would you like to pay?"
        value={inParts ? 'plan' : 'full'}
        onChange={(v) => onChange(v === 'plan')}
      >
        <Radio value="full">Pay in full: {formatUsd(cardCents)} today</Radio>
        <Radio value="plan">
          Pay in {offer.installments}: {installmentWords(planned)}
        </Radio>
      </RadioGroup>
      {inParts && <InstallmentSchedule planned={planned} />}
    </div>
  );
}
