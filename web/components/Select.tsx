import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { cx } from './cx.js';
import { Description, FieldError, Label } from './Form.js';
import './TextField.css';
import './Select.css';

export interface SelectOption {
  /** Never the empty string: a select item must have a real value. */
  id: string;
  label: string;
}

export interface SelectProps extends Omit<
  AriaSelectProps<SelectOption>,
  'children' | 'className' | 'isInvalid' | 'validationBehavior' | 'items'
> {
  label: string;
  options: readonly SelectOption[];
  description?: string;
  errorMessage?: string;
  className?: string;
}

export function Select({ label, options, description, errorMessage, className, isRequired, ...props }: SelectProps) {
  if (import.meta.env.DEV && options.some((o) => o.id === '')) {
    throw new Error(`Select "${label}": an option may not have an empty-string value.`);
  }
  return (
    <AriaSelect
      {...props}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('field', 'select', className)}
    >
      <Label isRequired={isRequired}>{label}</Label>
      <AriaButton className="field__control select__trigger">
        <SelectValue className="select__value" />
        <svg className="select__chevron" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </AriaButton>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover className="select__popover" offset={6}>
        <ListBox className="select__list" items={options}>
          {(option) => (
            <ListBoxItem id={option.id as Key} className="select__option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
