import { Button } from '../components/Button.js';
import { Checkbox } from '../components/Checkbox.js';
import { TextField } from '../components/TextField.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import type { AdjustmentField, PricingState } from './usePricing.js';
import './PriceAdjustmentFields.css';

function AdjustmentRow({
  label,
  description,
  field,
  applied,
  name,
}: {
  label: string;
  description: string;
  field: AdjustmentField;
  applied: string | null;
  name: string;
}) {
  if (applied) {
    return (
      <div className="price-adjustment price-adjustment--applied" role="status">
        <p>{applied}</p>
        <Button variant="ghost" size="sm" onPress={field.remove}>
          Remove
        </Button>
      </div>
    );
  }
  return (
    <div className="price-adjustment">
      <TextField
        label={label}
        description={description}
        name={name}
        value={field.typed}
        onChange={field.setTyped}
        errorMessage={field.error}
        autoComplete="off"
        onKeyDown={(e) => {
          // Enter applies the code rather than sending the whole form.
          if (e.key === 'Enter') {
            e.preventDefault();
            field.apply();
          }
        }}
      />
      <Button
        variant="outline"
        size="sm"
        className="price-adjustment__apply"
        isPending={field.checking}
        isDisabled={!field.typed.trim()}
        onPress={field.apply}
      >
        Apply
      </Button>
    </div>
  );
}

/**
 * The enroll form's family credit (a signed-in family's, used unless unticked), discount code and
 * gift card: each typed, checked by the server, then shown as applied.
 */
export function PriceAdjustmentFields({ pricing }: { pricing: PricingState }) {
  const { code, giftCard, credit } = pricing;
  return (
    <>
      {credit.availableCents > 0 && (
        <Checkbox
          isSelected={credit.use}
          onChange={credit.setUse}
          description="Refunds your family kept with us. What this order does not use stays for next time."
        >
          Use our family credit ({formatUsd(credit.availableCents)})
        </Checkbox>
      )}
      <AdjustmentRow
        label="Discount code"
        description="Have a code? It is checked for this workshop and number of participants."
        name="discountCode"
        field={code}
        applied={code.applied ? `${code.applied.label} applied.` : null}
      />
      <AdjustmentRow
        label="Gift card"
        description="The 16-character code on the card: it pays what it can, and the rest stays on it."
        name="giftCardCode"
        field={giftCard}
        applied={
          giftCard.applied
            ? `Gift card ending ${giftCard.applied.last4} applied (${formatUsd(giftCard.applied.balanceCents)} on it).`
            : null
        }
      />
    </>
  );
}
