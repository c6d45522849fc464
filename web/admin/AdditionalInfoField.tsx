import { MAX_INFO_PAIRS, type AdminInfoPair } from '../../contracts/admin/catalogue-forms.js';
import { TextField } from '../components/TextField.js';
import { RowListField } from './RowListField.js';

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
  return (
    <RowListField
      legend="Additional information"
      description="Shown on the schedule under the description, e.g. Menu: Three courses."
      rows={rows}
      onChange={onChange}
      renderRow={(_, i) => (
        <>
          <TextField label={`Information ${i + 1}: label`} {...fieldOf(i, 'label')} isRequired />
          <TextField label={`Information ${i + 1}: value`} {...fieldOf(i, 'value')} isRequired />
        </>
      )}
      newRow={() => ({ label: '', value: '' })}
      maxRows={MAX_INFO_PAIRS}
      rowName="information"
      addLabel="Add information"
      rowClassName="info-rows__row"
      errorId="additional-info-error"
      errorMessage={errorMessage}
    />
  );
}
