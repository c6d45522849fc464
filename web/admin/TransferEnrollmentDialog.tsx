import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import type { AfterSaleResult } from '../../contracts/admin/after-sale.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Select } from '../components/Select.js';
import { Spinner } from '../components/Spinner.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { day, money } from './adminFormat.js';
import { useAfterSale } from './afterSale.js';

/**
 * Move an enrollment to another date: the upcoming workshops with room for its participants. The
 * page says what the move costs before it is made (a cheaper date refunds the difference, a
 * dearer one cannot be chosen); the server decides, and its refusal (full meanwhile) is shown.
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
  const seats = place ? 1 : record.participants;
  const workshops = useQuery<Workshop[]>({ queryKey: queryKeys.workshops(), enabled: isOpen });
  const [target, setTarget] = useState<string | null>(null);
  const { transfer } = useAfterSale(record.id, (result) => {
    onDone(result);
    onClose();
  });

  const options = useMemo(() => {
    const now = Date.now();
    return (workshops.data ?? [])
      .filter((w) => w.id !== record.workshopId && new Date(w.date).getTime() > now)
      .filter((w) => w.spotsLeft >= seats)
      .sort((a, b) => a.date.localeCompare(b.date));
  }, [workshops.data, record.workshopId, seats]);
  const chosen = options.find((w) => w.id === target) ?? null;
  const cost = chosen ? chosen.price * seats : 0;
  // The order's price now: what was paid, less the differences of earlier moves to cheaper dates.
  const price = place
    ? place.worth
    : (record.refunds ?? [])
        .filter((r) => r.reason === 'transfer-difference')
        .reduce((left, r) => left - r.amount, record.amount);
  const difference = chosen ? Math.round((price - cost) * 100) / 100 : 0;
  const dearer = chosen !== null && difference < 0;

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
              chosen && transfer.mutate({ workshopId: chosen.id, ...(place ? { participant: place.index } : {}) })
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
        {workshops.isPending && <Spinner label="Loading workshops…" showLabel />}
        {workshops.data && options.length === 0 && (
          <p className="after-sale-form__note">
            No upcoming workshop has {seats === 1 ? 'a seat' : `${seats} seats`} left.
          </p>
        )}
        {options.length > 0 && (
          <Select
            label="New workshop"
            placeholder="Choose a workshop"
            options={options.map((w) => ({
              id: w.id,
              label: `${w.title}, ${day(w.date)} (${money(w.price)} each, ${w.spotsLeft} left)`,
            }))}
            selectedKey={target}
            onSelectionChange={(key) => setTarget(key === null ? null : String(key))}
          />
        )}
        {chosen && (
          <p className={dearer ? 'after-sale-form__error' : 'after-sale-form__note'} role="status">
            {dearer
              ? `${chosen.title} costs ${money(-difference)} more than ${place ? `${place.name}’s place is worth here` : 'was paid'}. A transfer cannot take more money: cancel with a refund and have the parent enroll in that date.`
              : difference > 0
                ? `${money(difference)} goes back to the card as the difference.`
                : 'Same price: the payment carries over.'}
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
