import type { AdminPriceTier } from '../../contracts/admin/catalogue-forms.js';
import { MAX_PARTICIPANTS } from '../../contracts/enrollment/form.js';
import { NumberField } from '../components/NumberField.js';
import { RowListField } from './RowListField.js';

/** A row as the form holds it: numbers not yet entered are NaN (react-aria NumberField). */
export type PriceTierRow = AdminPriceTier;

/**
 * The workshop's group prices ("2 participants pay $250 in all"), a row each, added and removed
 * with buttons. One message for the list, naming the row, comes from the form's schema or the server.
 */
export function PriceTiersField({
  tiers,
  onChange,
  errorMessage,
}: {
  tiers: PriceTierRow[];
  onChange: (tiers: PriceTierRow[]) => void;
  errorMessage?: string;
}) {
  const update = (i: number, patch: Partial<PriceTierRow>) =>
    onChange(tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const nextCount = () => {
    const used = new Set(tiers.map((t) => t.participants));
    for (let n = 2; n <= MAX_PARTICIPANTS; n++) if (!used.has(n)) return n;
    return Number.NaN;
  };
  return (
    <RowListField
      legend="Group prices"
      description="A total for a number of participants enrolled together, e.g. a couple for $250. It must be lower than paying per person."
      rows={tiers}
      onChange={onChange}
      renderRow={(tier, i) => (
        <>
          <NumberField
            label={`Group price ${i + 1}: participants`}
            value={tier.participants}
            onChange={(participants) => update(i, { participants })}
            minValue={2}
            maxValue={MAX_PARTICIPANTS}
            step={1}
            isRequired
          />
          <NumberField
            label={`Group price ${i + 1}: total`}
            value={tier.totalPrice}
            onChange={(totalPrice) => update(i, { totalPrice })}
            minValue={0}
            step={0.01}
            formatOptions={{ style: 'currency', currency: 'USD' }}
            isRequired
          />
        </>
      )}
      newRow={() => ({ participants: nextCount(), totalPrice: Number.NaN })}
      maxRows={MAX_PARTICIPANTS - 1}
      rowName="group price"
      addLabel="Add group price"
      errorId="price-tiers-error"
      errorMessage={errorMessage}
    />
  );
}
