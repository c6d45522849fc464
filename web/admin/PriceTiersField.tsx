import type { AdminPriceTier } from '../../contracts/admin/catalogue-forms.js';
import { MAX_PARTICIPANTS } from '../../contracts/enrollment/form.js';
import { Button } from '../components/Button.js';
import { NumberField } from '../components/NumberField.js';

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
  const errorId = 'price-tiers-error';
  const update = (i: number, patch: Partial<PriceTierRow>) =>
    onChange(tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const nextCount = () => {
    const used = new Set(tiers.map((t) => t.participants));
    for (let n = 2; n <= MAX_PARTICIPANTS; n++) if (!used.has(n)) return n;
    return Number.NaN;
  };
  return (
    <fieldset
      className="price-tiers"
      data-invalid={errorMessage ? true : undefined}
      aria-describedby={errorMessage ? errorId : undefined}
    >
      <legend className="field__label">Group prices</legend>
      <p className="field__description">
        A total for a number of participants enrolled together, e.g. a couple for $250. It must be lower than paying per
        person.
      </p>
      {tiers.length > 0 && (
        <ol className="price-tiers__rows">
          {tiers.map((tier, i) => (
            <li key={i} className="price-tiers__row">
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
              <Button variant="ghost" size="sm" onPress={() => onChange(tiers.filter((_, j) => j !== i))}>
                Remove<span className="sr-only"> group price {i + 1}</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
      {errorMessage && (
        <p id={errorId} className="field__error" role="alert">
          {errorMessage}
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        isDisabled={tiers.length >= MAX_PARTICIPANTS - 1}
        onPress={() => onChange([...tiers, { participants: nextCount(), totalPrice: Number.NaN }])}
      >
        Add group price
      </Button>
    </fieldset>
  );
}
