import { MAX_INFO_PAIRS, type AdminInfoPair } from '../../contracts/admin/catalogue-forms.js';
import { Button } from '../components/Button.js';
import { TextField } from '../components/TextField.js';

interface RowField {
  name: string;
  value: string;
  onChange: (value: string) => void;
  errorMessage?: string;
}

/**
 * The workshop's additional information ("Menu: three courses"), a label and a value per row,
 * added and removed with buttons; each field shows its own message (from the form's schema or the server).
 */
export function AdditionalInfoField({
  rows,
  onChange,
  fieldOf,
  errorMessage,
}: {
  rows: AdminInfoPair[];
  onChange: (rows: AdminInfoPair[]) => void;
  fieldOf: (index: number, key: 'label' | 'value') => RowField;
  errorMessage?: string;
}) {
  const errorId = 'additional-info-error';
  return (
    <fieldset
      className="price-tiers"
      data-invalid={errorMessage ? true : undefined}
      aria-describedby={errorMessage ? errorId : undefined}
    >
      <legend className="field__label">Additional information</legend>
      <p className="field__description">Shown on the schedule under the description, e.g. Menu: Three courses.</p>
      {rows.length > 0 && (
        <ol className="price-tiers__rows">
          {rows.map((_, i) => (
            <li key={i} className="price-tiers__row info-rows__row">
              <TextField label={`Information ${i + 1}: label`} {...fieldOf(i, 'label')} isRequired />
              <TextField label={`Information ${i + 1}: value`} {...fieldOf(i, 'value')} isRequired />
              <Button variant="ghost" size="sm" onPress={() => onChange(rows.filter((_, j) => j !== i))}>
                Remove<span className="sr-only"> information {i + 1}</span>
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
        isDisabled={rows.length >= MAX_INFO_PAIRS}
        onPress={() => onChange([...rows, { label: '', value: '' }])}
      >
        Add information
      </Button>
    </fieldset>
  );
}
