import type { ReactNode } from 'react';
import { Button } from '../components/Button.js';
import { cx } from '../components/cx.js';

export interface RowListFieldProps<T> {
  /** The group's name and its hint under it. */
  legend: string;
  description: ReactNode;
  rows: T[];
  onChange: (rows: T[]) => void;
  /** The fields of row `index` (each labelled with the row's number). */
  renderRow: (row: T, index: number) => ReactNode;
  /** A new, empty row, and how many rows the list may hold. */
  newRow: () => T;
  maxRows: number;
  /** What a row is, for the buttons: "group price" gives "Remove group price 2" to a screen reader. */
  rowName: string;
  addLabel: string;
  rowClassName?: string;
  /** One message for the whole list (from the form's schema or the server), and the id it is read by. */
  errorId: string;
  errorMessage?: string;
}

/** A list of rows added and removed with buttons, as the admin's workshop form has several of. */
export function RowListField<T>({
  legend,
  description,
  rows,
  onChange,
  renderRow,
  newRow,
  maxRows,
  rowName,
  addLabel,
  rowClassName,
  errorId,
  errorMessage,
}: RowListFieldProps<T>) {
  return (
    <fieldset
      className="price-tiers"
      data-invalid={errorMessage ? true : undefined}
      aria-describedby={errorMessage ? errorId : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <p className="field__description">{description}</p>
      {rows.length > 0 && (
        <ol className="price-tiers__rows">
          {rows.map((row, i) => (
            <li key={i} className={cx('price-tiers__row', rowClassName)}>
              {renderRow(row, i)}
              <Button variant="ghost" size="sm" onPress={() => onChange(rows.filter((_, j) => j !== i))}>
                Remove<span className="sr-only">{` ${rowName} ${i + 1}`}</span>
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
        isDisabled={rows.length >= maxRows}
        onPress={() => onChange([...rows, newRow()])}
      >
        {addLabel}
      </Button>
    </fieldset>
  );
}
