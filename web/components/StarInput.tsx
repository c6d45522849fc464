import { Radio, RadioGroup, type RadioGroupProps } from 'react-aria-components';
import { cx } from './cx.js';
import { Description, FieldError, Label } from './Form.js';
import './StarInput.css';

const STAR = 'M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z';
const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export interface StarInputProps extends Omit<
  RadioGroupProps,
  'children' | 'className' | 'value' | 'onChange' | 'isInvalid' | 'validationBehavior' | 'orientation'
> {
  label: string;
  value: number | null;
  onChange: (rating: number) => void;
  description?: string;
  errorMessage?: string;
  className?: string;
}

/**
 * One to five stars, chosen as one choice of five (react-aria's radio group): arrow keys move and
 * choose, Tab leaves; each star is read out as "3 stars, Good". Large enough to tap on a phone.
 */
export function StarInput({ label, value, onChange, description, errorMessage, className, ...props }: StarInputProps) {
  return (
    <RadioGroup
      {...props}
      orientation="horizontal"
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={cx('field', 'star-input', className)}
    >
      <Label isRequired={props.isRequired}>{label}</Label>
      <div className="star-input__stars">
        {WORDS.map((word, i) => (
          <Radio
            key={word}
            value={String(i + 1)}
            aria-label={`${i + 1} ${i === 0 ? 'star' : 'stars'}, ${word}`}
            className={cx('star-input__star', value !== null && i < value && 'star-input__star--on')}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true">
              <path d={STAR} />
            </svg>
          </Radio>
        ))}
        <span className="star-input__word" aria-hidden="true">
          {value ? WORDS[value - 1] : ''}
        </span>
      </div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RadioGroup>
  );
}
