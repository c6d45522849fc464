import { fullName } from '../../contracts/core/erased.js';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { WaitlistEntryView } from '../../contracts/waitlist/api.js';
import { Badge, type BadgeVariant } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { day, moment } from './adminFormat.js';
import { useWaitlistWrites } from './waitlistWrites.js';

const STATUS: Record<WaitlistEntryView['status'], { label: string; badge: BadgeVariant }> = {
  unconfirmed: { label: 'E-mail not confirmed', badge: 'neutral' },
  waiting: { label: 'Waiting', badge: 'neutral' },
  offered: { label: 'Offer standing', badge: 'accent' },
  accepted: { label: 'Enrolled', badge: 'success' },
  expired: { label: 'Offer expired', badge: 'neutral' },
  left: { label: 'Left', badge: 'neutral' },
  lapsed: { label: 'Never confirmed', badge: 'neutral' },
};

const when = (instant: string | null) => (instant ? moment(instant) : '—');

const seatsWord = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/** Still on the list: the office may take the family off it. */
const removable = (e: WaitlistEntryView) =>
  e.status === 'unconfirmed' || e.status === 'waiting' || e.status === 'offered';

/**
 * A workshop's waitlist for the administrator: who, how many seats, since when, each offer's
 * times, and what the office can do: write to or call the family, offer seats now (ahead of the
 * line, out of the seats free; the offer e-mail goes as for any offer), or take it off the list
 * (asked twice).
 */
export function WaitlistDialog({ workshop, onClose }: { workshop: Workshop | null; onClose: () => void }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const entries = useQuery<WaitlistEntryView[]>({
    queryKey: queryKeys.adminWaitlist(workshop?.id ?? ''),
    queryFn: adminQueryFn as () => Promise<WaitlistEntryView[]>,
    enabled: Boolean(workshop),
    staleTime: 0,
  });
  const { remove, offer } = useWaitlistWrites(workshop?.id ?? '', (result) => {
    setConfirming(null);
    toast({
      title:
        result.status === 'offered'
          ? `${seatsWord(result.seats ?? 0)} offered`
          : result.declinedOffer
            ? 'Removed; the seats offered pass to the next family'
            : 'Removed from the waitlist',
      description: result.status === 'offered' ? 'The family is e-mailed the offer and its link.' : undefined,
    });
  });
  const failure = remove.error ?? offer.error;
  const busy = remove.isPending || offer.isPending;
  const close = () => {
    remove.reset();
    offer.reset();
    setConfirming(null);
    onClose();
  };
  return (
    <Dialog
      isOpen={Boolean(workshop)}
      onOpenChange={(open) => !open && close()}
      title={workshop ? `Waitlist: ${workshop.title}, ${day(workshop.date)}` : 'Waitlist'}
      size="lg"
      footer={<Button onPress={close}>Close</Button>}
    >
      {entries.isPending && <Spinner label="Loading the waitlist…" showLabel />}
      {entries.isError && (
        <p role="alert" className="admin-error">
          The waitlist could not be loaded.
        </p>
      )}
      {failure && (
        <p role="alert" className="after-sale-form__error">
          {apiErrorText(failure) ?? 'That did not work. Please try again.'}
        </p>
      )}
      {entries.data && entries.data.length === 0 && <p>No one is on this waitlist.</p>}
      {entries.data && entries.data.length > 0 && (
        <Table aria-label={`Waitlist of ${workshop?.title ?? 'the workshop'}`}>
          <TableHeader>
            <Column isRowHeader>Parent</Column>
            <Column>Seats</Column>
            <Column>Status</Column>
            <Column>Joined</Column>
            <Column>Offered</Column>
            <Column>Offer ends</Column>
            <Column>Actions</Column>
          </TableHeader>
          {/* The rows read the confirmation and the pending write: the collection re-renders when they change. */}
          <TableBody items={entries.data} dependencies={[confirming, busy]}>
            {(e) => {
              const who = fullName(e.firstName, e.lastName);
              return (
                <Row id={e.id} textValue={who}>
                  <Cell label="Parent">
                    {who}
                    <br />
                    <span className="catalogue-item__meta">
                      <a className="text-link" href={`mailto:${e.email}`}>
                        {e.email}
                      </a>{' '}
                      ·{' '}
                      <a className="text-link" href={`tel:${e.phone.replace(/[^\d+]/g, '')}`}>
                        {e.phone}
                      </a>
                    </span>
                  </Cell>
                  <Cell label="Seats">
                    {e.status === 'offered' && e.offerSeats !== undefined && e.offerSeats !== e.participants
                      ? `${e.offerSeats} of ${e.participants} offered`
                      : e.participants}
                  </Cell>
                  <Cell label="Status">
                    <Badge variant={STATUS[e.status].badge}>{STATUS[e.status].label}</Badge>
                  </Cell>
                  <Cell label="Joined">{when(e.joinedAt)}</Cell>
                  <Cell label="Offered">{when(e.offeredAt)}</Cell>
                  <Cell label="Offer ends">{e.status === 'offered' ? when(e.offerExpiresAt) : when(e.endedAt)}</Cell>
                  <Cell label="Actions">
                    {confirming === e.id ? (
                      <span className="waitlist-actions" role="group" aria-label={`Remove ${who}?`}>
                        <span>Take {who} off the waitlist?</span>
                        <Button
                          size="sm"
                          variant="danger"
                          isDisabled={busy}
                          onPress={() => remove.mutate(e.id)}
                          aria-label={`Yes, remove ${who}`}
                        >
                          Yes, remove
                        </Button>
                        <Button size="sm" variant="ghost" onPress={() => setConfirming(null)}>
                          Keep
                        </Button>
                      </span>
                    ) : (
                      <span className="waitlist-actions">
                        {e.status === 'waiting' && (
                          <Button
                            size="sm"
                            variant="outline"
                            isDisabled={busy}
                            onPress={() => offer.mutate({ entryId: e.id })}
                            aria-label={`Offer ${seatsWord(e.participants)} now to ${who}`}
                          >
                            Offer {seatsWord(e.participants)} now
                          </Button>
                        )}
                        {removable(e) && (
                          <Button
                            size="sm"
                            variant="ghost"
                            isDisabled={busy}
                            onPress={() => setConfirming(e.id)}
                            aria-label={`Remove ${who}`}
                          >
                            Remove…
                          </Button>
                        )}
                      </span>
                    )}
                  </Cell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      )}
    </Dialog>
  );
}
