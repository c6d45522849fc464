import { useState, type FormEvent } from 'react';
import type { CreateDiscountCodeRequest } from '../../contracts/pricing/discount-codes.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { NumberField } from '../components/NumberField.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { toSchoolInstant } from './adminFormat.js';
import { useCreateDiscountCode } from './pricingWrites.js';

/** A new discount code: a percentage or an amount off, and optionally its dates, uses and group size. */
export function DiscountCodeDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title="New Discount Code">
      {isOpen && <CodeForm onClose={onClose} />}
    </Dialog>
  );
}

function CodeForm({ onClose }: { onClose: () => void }) {
  const create = useCreateDiscountCode();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [amount, setAmount] = useState(Number.NaN);
  const [maxRedemptions, setMax] = useState(Number.NaN);
  const [minParticipants, setMin] = useState(Number.NaN);
  const [validUntil, setUntil] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreateDiscountCodeRequest = {
      code,
      ...(kind === 'percent' ? { percentOff: amount } : { amountOffCents: Math.round(amount * 100) }),
      ...(Number.isFinite(maxRedemptions) ? { maxRedemptions } : {}),
      ...(Number.isFinite(minParticipants) ? { minParticipants } : {}),
      ...(validUntil ? { validUntil: toSchoolInstant(validUntil) } : {}),
    };
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: `${code.toUpperCase()} created` });
        onClose();
      },
      onError: (err) => {
        const issues = apiErrorIssues(err);
        const mapped = {
          ...issues,
          amount: issues.percentOff ?? issues.amountOffCents ?? '',
        };
        setErrors(Object.keys(issues).length ? mapped : { code: apiErrorText(err) ?? 'Not created.' });
      },
    });
  };

  return (
    <form className="admin-form" onSubmit={submit} aria-label="New discount code">
      <TextField
        label="Code"
        description="3 to 32 letters, digits or dashes, e.g. SPRING10. Parents type it in the enrollment form."
        value={code}
        onChange={setCode}
        errorMessage={errors.code}
        isRequired
        autoFocus
      />
      <RadioGroup
        label="Gives"
        value={kind}
        onChange={(v) => setKind(v === 'amount' ? 'amount' : 'percent')}
        orientation="horizontal"
      >
        <Radio value="percent">A percentage off</Radio>
        <Radio value="amount">An amount off</Radio>
      </RadioGroup>
      <NumberField
        label={kind === 'percent' ? 'Percent off' : 'Amount off'}
        value={amount}
        onChange={setAmount}
        minValue={kind === 'percent' ? 1 : 0.01}
        maxValue={kind === 'percent' ? 100 : undefined}
        step={kind === 'percent' ? 1 : 0.01}
        formatOptions={kind === 'amount' ? { style: 'currency', currency: 'USD' } : undefined}
        errorMessage={errors.amount || undefined}
        isRequired
      />
      <div className="admin-form__row">
        <NumberField
          label="Uses at most"
          description="Leave empty for no limit."
          value={maxRedemptions}
          onChange={setMax}
          minValue={1}
          step={1}
          errorMessage={errors.maxRedemptions}
        />
        <NumberField
          label="Participants at least"
          description="Leave empty for any group."
          value={minParticipants}
          onChange={setMin}
          minValue={1}
          maxValue={5}
          step={1}
          errorMessage={errors.minParticipants}
        />
      </div>
      <TextField
        label="Valid until"
        type="datetime-local"
        description="School time. Leave empty for no end."
        value={validUntil}
        onChange={setUntil}
        errorMessage={errors.validUntil}
      />
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create Code'}
        </Button>
      </div>
    </form>
  );
}
