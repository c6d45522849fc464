import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import type { AfterSaleResult, TransferOption, TransferOptions } from '../../contracts/admin/after-sale.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Select } from '../components/Select.js';
import { Spinner } from '../components/Spinner.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { day, money } from './adminFormat.js';
import { adminQueryFn } from './adminApi.js';
import { useAfterSale } from './afterSale.js';

const cents = (c: number) => money(c / 100);

/** "Tea Party, Sat, Jun 7 ($191.25 with the booking's discounts, 4 left)", or "…: $21.25 more, cannot be chosen". */
function optionLabel(w: TransferOption): string {
  const price = w.priceCents === w.unitPriceCents ? `${cents(w.priceCents)}` : `${cents(w.priceCents)} with discounts`;
  const more = w.extraCents > 0 ? `, ${cents(w.extraCents)} more: cannot be chosen` : '';
  return `${w.title}, ${day(w.date)} (${price}, ${w.spotsLeft} left${more})`;
}

/**
 * Move an enrollment to another date: the upcoming workshops of its program with room for its
 * participants and within their age range (the server's transfer options). The list says what each
 * costs with the booking's discounts before one is chosen (a cheaper date refunds the difference,
 * a dearer one cannot be chosen); the server decides, and its refusal (full meanwhile) is shown.
 * With `place`, one participant alone moves, as a booking of their own; what their place is worth
 * here (`worth`, dollars) pays for it.
 */
export function TransferEnrollmentDialog({
  record,
  place,
  isOpen,
  onClose,
  onDone,
}: {
  record: AdminEnrollmentRecord;
  place?: { index: number; name: string; worth: number };
  isOpen: boolean;
  onClose: () => void;
  onDone: (result: AfterSaleResult) => void;
}) {
  // The classes that fit those moving (program, age range, room), priced as the transfer would be.
  const found = useQuery({
    queryKey: queryKeys.adminTransferOptions(record.id, place?.index),
    queryFn: adminQueryFn as () => Promise<TransferOptions>,
    enabled: isOpen,
  });
  const [target, setTarget] = useState<string | null>(null);
  const { transfer } = useAfterSale(record.id, (result) => {
    onDone(result);
    onClose();
  });

  const seats = found.data?.seats ?? (place ? 1 : record.participants);
  const options = useMemo(
    () => [...(found.data?.options ?? [])].sort((a, b) => a.date.localeCompare(b.date)),
    [found.data],
  );
  const chosen = options.find((w) => w.workshopId === target) ?? null;
  const dearer = chosen !== null && chosen.extraCents > 0;

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={place ? `Move ${place.name} to another date` : 'Transfer enrollment'}
      footer={
        <>
          <Button variant="ghost" onPress={onClose}>
            Keep the date
          </Button>
          <Button
            onPress={() =>
              chosen &&
              transfer.mutate({ workshopId: chosen.workshopId, ...(place ? { participant: place.index } : {}) })
            }
            isDisabled={!chosen || dearer || transfer.isPending}
          >
            {transfer.isPending ? 'Moving…' : 'Transfer'}
          </Button>
        </>
      }
    >
      <div className="after-sale-form">
        {place ? (
          <p>
            Move {place.name} from {record.workshop?.title ?? 'this workshop'} to another date, as a booking of their
            own; the others in {record.firstName} {record.lastName}’s booking stay. The parent is e-mailed the new
            booking’s confirmation.
          </p>
        ) : (
          <p>
            Move {record.firstName} {record.lastName}’s{' '}
            {record.participants === 1 ? 'seat' : `${record.participants} seats`} from{' '}
            {record.workshop?.title ?? 'this workshop'} to another date. The parent is e-mailed the new date.
          </p>
        )}
        {found.isPending && <Spinner label="Loading workshops…" showLabel />}
        {found.data && options.length === 0 && (
          <p className="after-sale-form__note">
            No upcoming workshop of this program, for {seats === 1 ? 'this age' : 'these ages'}, has{' '}
            {seats === 1 ? 'a seat' : `${seats} seats`} left.
          </p>
        )}
        {options.length > 0 && (
          <Select
            label="New workshop"
            placeholder="Choose a workshop"
            options={options.map((w) => ({ id: w.workshopId, label: optionLabel(w) }))}
            selectedKey={target}
            onSelectionChange={(key) => setTarget(key === null ? null : String(key))}
          />
        )}
        {chosen && (
          <p className={dearer ? 'after-sale-form__error' : 'after-sale-form__note'} role="status">
            {dearer
              ? `${chosen.title} costs ${cents(chosen.extraCents)} more than ${place ? `${place.name}’s place is worth here` : 'was paid'}, with the booking’s discounts. A transfer cannot take more money: cancel with a refund and have the parent enroll in that date.`
              : chosen.refundCents > 0
                ? `${cents(chosen.refundCents)} goes back as the difference, to where it was paid from.`
                : 'Same price with the booking’s discounts: the payment carries over.'}
          </p>
        )}
        {transfer.error && (
          <p role="alert" className="after-sale-form__error">
            {apiErrorText(transfer.error) ?? 'The transfer could not be made. Please try again.'}
          </p>
        )}
      </div>
    </Dialog>
  );
}
