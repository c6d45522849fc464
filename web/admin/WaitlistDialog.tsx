import { useQuery } from '@tanstack/react-query';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { WaitlistEntryView } from '../../contracts/waitlist/api.js';
import { Badge, type BadgeVariant } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { day, moment } from './adminFormat.js';

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

/** A workshop's waitlist for the administrator: who, how many seats, since when, and each offer's times. */
export function WaitlistDialog({ workshop, onClose }: { workshop: Workshop | null; onClose: () => void }) {
  const entries = useQuery<WaitlistEntryView[]>({
    queryKey: queryKeys.adminWaitlist(workshop?.id ?? ''),
    queryFn: adminQueryFn as () => Promise<WaitlistEntryView[]>,
    enabled: Boolean(workshop),
    staleTime: 0,
  });
  return (
    <Dialog
      isOpen={Boolean(workshop)}
      onOpenChange={(open) => !open && onClose()}
      title={workshop ? `Waitlist: ${workshop.title}, ${day(workshop.date)}` : 'Waitlist'}
      size="lg"
      footer={<Button onPress={onClose}>Close</Button>}
    >
      {entries.isPending && <Spinner label="Loading the waitlist…" showLabel />}
      {entries.isError && (
        <p role="alert" className="admin-error">
          The waitlist could not be loaded.
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
          </TableHeader>
          <TableBody items={entries.data}>
            {(e) => (
              <Row id={e.id}>
                <Cell label="Parent">
                  {e.firstName} {e.lastName}
                  <br />
                  <span className="catalogue-item__meta">
                    {e.email} · {e.phone}
                  </span>
                </Cell>
                <Cell label="Seats">{e.participants}</Cell>
                <Cell label="Status">
                  <Badge variant={STATUS[e.status].badge}>{STATUS[e.status].label}</Badge>
                </Cell>
                <Cell label="Joined">{when(e.joinedAt)}</Cell>
                <Cell label="Offered">{when(e.offeredAt)}</Cell>
                <Cell label="Offer ends">{e.status === 'offered' ? when(e.offerExpiresAt) : when(e.endedAt)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </Dialog>
  );
}
