import { fullName } from '../../contracts/core/erased.js';
import { useState } from 'react';
import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import type { AfterSaleResult } from '../../contracts/admin/after-sale.js';
import { Button } from '../components/Button.js';
import { Checkbox } from '../components/Checkbox.js';
import { Dialog } from '../components/Dialog.js';
import { NumberField } from '../components/NumberField.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import { TextArea } from '../components/TextArea.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { money } from './adminFormat.js';
import { refundableDollars, useAfterSale } from './afterSale.js';

type Choice = 'full' | 'none' | 'amount';

/**
 * Cancel an enrollment: how much goes back (all that is left, nothing, or an amount up to it),
 * why (told to the parent), and whether the parent is e-mailed. The server decides; its refusal
 * (already cancelled, an amount beyond what is left) is shown here. With `place`, one participant's
 * place only: at most that place's share goes back, and the others still come.
 */
export function CancelEnrollmentDialog({
  record,
  place,
  isOpen,
  onClose,
  onDone,
}: {
  record: AdminEnrollmentRecord;
  place?: { index: number; name: string; refundMax: number; remaining: number };
  isOpen: boolean;
  onClose: () => void;
  onDone: (result: AfterSaleResult) => void;
}) {
  const refundable = place ? place.refundMax : refundableDollars(record);
  const [choice, setChoice] = useState<Choice>(refundable > 0 ? 'full' : 'none');
  const [amount, setAmount] = useState<number>(Number.NaN);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [refundTo, setRefundTo] = useState<'card' | 'credit'>('card');
  const [amountError, setAmountError] = useState<string | undefined>();
  const { cancel } = useAfterSale(record.id, (result) => {
    onDone(result);
    onClose();
  });
  const issues = apiErrorIssues(cancel.error);
  const serverError = cancel.error && !issues.refund ? apiErrorText(cancel.error) : undefined;

  const submit = () => {
    if (choice === 'amount' && !(amount > 0)) {
      setAmountError('Enter the amount to refund, greater than $0.00.');
      return;
    }
    // Refused, never lowered to the maximum: a typo must not refund a sum nobody typed.
    if (choice === 'amount' && Math.round(amount * 100) > Math.round(refundable * 100)) {
      setAmountError(`At most ${money(refundable)} can be refunded. ${money(amount)} is more than that.`);
      return;
    }
    setAmountError(undefined);
    cancel.mutate({
      ...(place ? { participant: place.index } : {}),
      refund: choice === 'amount' ? amount : choice,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      notify,
      // One place's share may go to the family credit, as a whole booking's (issue 37).
      ...(record.familyCredit && choice !== 'none' ? { refundTo } : {}),
    });
  };

  const who = fullName(record.firstName, record.lastName);
  const what = record.workshop?.title ?? record.program?.title ?? 'this enrollment';
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={place ? `Cancel ${place.name}’s place` : 'Cancel enrollment'}
      footer={
        <>
          <Button variant="ghost" onPress={onClose}>
            {place ? 'Keep the place' : 'Keep enrollment'}
          </Button>
          <Button variant="danger" onPress={submit} isDisabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : place ? 'Cancel this place' : 'Cancel enrollment'}
          </Button>
        </>
      }
    >
      <div className="after-sale-form">
        {place ? (
          <p>
            Cancel {place.name}’s place in {what}? The others in {who}’s booking still come and pay{' '}
            {money(place.remaining)}; the seat goes back to the workshop, and to its waitlist.
          </p>
        ) : (
          <p>
            Cancel {who}’s enrollment in {what}? Its {record.participants === 1 ? 'seat goes' : 'seats go'} back to the
            workshop, and to its waitlist.
          </p>
        )}
        <RadioGroup
          label="Refund"
          value={choice}
          onChange={(v) => setChoice(v as Choice)}
          description={
            refundable > 0
              ? `Up to ${money(refundable)} can go back to the card${place ? ` for ${place.name}’s place` : ''}.`
              : place
                ? 'Nothing goes back for this place: those still coming pay the same.'
                : 'Nothing was paid that can go back.'
          }
        >
          <Radio value="full" isDisabled={refundable === 0}>
            Full refund ({money(refundable)})
          </Radio>
          <Radio value="none">No refund</Radio>
          <Radio value="amount" isDisabled={refundable === 0}>
            Part of it
          </Radio>
        </RadioGroup>
        {choice === 'amount' && (
          <NumberField
            label="Amount to refund"
            value={amount}
            onChange={setAmount}
            // No maxValue: the field would quietly lower a larger amount to it on blur.
            minValue={0.01}
            step={0.01}
            description={`At most ${money(refundable)}.`}
            formatOptions={{ style: 'currency', currency: 'USD' }}
            isRequired
            errorMessage={amountError ?? issues.refund}
          />
        )}
        {choice !== 'amount' && issues.refund && (
          <p role="alert" className="after-sale-form__error">
            {issues.refund}
          </p>
        )}
        {record.familyCredit && choice !== 'none' && (
          <RadioGroup
            label="Refund to"
            value={refundTo}
            onChange={(v) => setRefundTo(v === 'credit' ? 'credit' : 'card')}
            errorMessage={issues.refundTo}
          >
            <Radio value="card">The card (and the gift card or credit it came from)</Radio>
            <Radio value="credit">The family&apos;s credit, for their next booking</Radio>
          </RadioGroup>
        )}
        <TextArea
          label="Reason"
          description="Told to the parent in the e-mail and kept in the history."
          value={reason}
          onChange={setReason}
          rows={3}
          maxLength={500}
          errorMessage={issues.reason}
        />
        <Checkbox isSelected={notify} onChange={setNotify}>
          E-mail the parent the reason and the refund
        </Checkbox>
        {serverError && (
          <p role="alert" className="after-sale-form__error">
            {serverError}
          </p>
        )}
      </div>
    </Dialog>
  );
}
