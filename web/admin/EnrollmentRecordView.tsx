import { fullName } from '../../contracts/core/erased.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { PriceLines } from '../pricing/PriceLines.js';
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminEnrollmentDetail, AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import type { AfterSaleResult, RefundView } from '../../contracts/admin/after-sale.js';
import type { EnrollmentHistory } from '../../contracts/admin/history.js';
import { isStrictItem } from '../../contracts/enrollment/form.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { ParticipantList } from '../enrollment/ParticipantList.js';
import { adminQueryFn } from './adminApi.js';
import { clock, day, money, moment } from './adminFormat.js';
import { EnrollmentStatusBadge, PaymentStatusBadge } from './StatusBadges.js';
import { useAfterSale, useResendConfirmation } from './afterSale.js';
import { CancelEnrollmentDialog } from './CancelEnrollmentDialog.js';
import { FamilyDetails } from './FamilyDetails.js';
import { MakeupCreditsPanel } from './MakeupCreditsPanel.js';
import { SessionList } from '../catalogue/SessionList.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { TransferEnrollmentDialog } from './TransferEnrollmentDialog.js';
import { EraseFamilyDialog } from './EraseFamilyDialog.js';
import { useMayUse } from './adminSession.js';
import { ERASED } from '../../contracts/privacy/classes.js';
import { paidLineText } from '../../contracts/enrollment/payment-lines.js';

/** "PaymentSucceeded" -> "Payment succeeded" */
const eventName = (type: string) => {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const REFUND_REASON: Record<RefundView['reason'], string> = {
  cancelled: 'cancellation',
  'transfer-difference': 'transfer difference',
  'seats-unavailable': 'seats unavailable',
  'workshop-begun': 'payment after the start',
  overpaid: 'paid beyond what was owed',
};

const REFUND_BADGE = { issued: 'refunded', pending: 'accent', failed: 'danger' } as const;

/**
 * One enrollment in full: who, what and where it stands, the after-sale actions, the payment and
 * its refunds, every participant, everything else the parent filled in, and the audit trail (every
 * event of its stream). The tracker's dialog and the page /admin/enrollments/:id both show it.
 */
export function EnrollmentRecordView({ id, listed }: { id: string; listed?: AdminEnrollmentRecord }) {
  // After a cancel, retry, transfer or resend, the record and the trail are read at the position written.
  const [position, setPosition] = useState<string | undefined>();
  const [open, setOpen] = useState<'cancel' | 'transfer' | 'erase' | null>(null);
  const mayUse = useMayUse();
  const [place, setPlace] = useState<{ index: number; name: string; move: boolean } | null>(null);
  // The button that opened a finished cancel or transfer is gone: focus comes back to the view, not the page.
  const self = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (position) self.current?.focus();
  }, [position]);
  const detail = useQuery({
    queryKey: queryKeys.adminEnrollment(id, position ? { minPosition: position } : undefined),
    queryFn: adminQueryFn as () => Promise<AdminEnrollmentDetail>,
    placeholderData: keepPreviousData,
  });
  // A course's sessions, as the workshop holds them now (a booking follows its workshop's moves).
  const workshops = useQuery<Workshop[]>({ queryKey: queryKeys.workshops() });
  const courseSessions = workshops.data?.find((w) => w.id === (listed ?? detail.data)?.workshopId)?.sessions;
  const history = useQuery({
    queryKey: queryKeys.adminEnrollmentHistory(id, position ? { minPosition: position } : undefined),
    queryFn: adminQueryFn as () => Promise<EnrollmentHistory>,
  });
  const done = (what: string) => (result: AfterSaleResult) => {
    setPosition(result.position);
    const failed = result.refunds.some((r) => r.status === 'failed');
    toast({
      title: what,
      description: failed ? 'The refund was refused by the card provider: see Refunds below.' : undefined,
      variant: failed ? 'destructive' : undefined,
    });
  };
  const { retry } = useAfterSale(id, done('Refund retried'));
  const resend = useResendConfirmation(id, (result) => {
    setPosition(result.position);
    toast({
      title: result.sent ? 'Confirmation e-mail sent again' : 'Confirmation e-mail on its way',
      description: result.sent ? undefined : 'The mail server has not answered yet; the history shows when it leaves.',
    });
  });

  const record: AdminEnrollmentRecord | undefined = detail.data ?? listed;
  if (!record) {
    if (detail.isError)
      return (
        <div role="alert" className="history__error">
          <p>{apiErrorText(detail.error) ?? 'The enrollment could not be loaded.'}</p>
          <Button variant="outline" size="sm" onPress={() => void detail.refetch()}>
            Retry
          </Button>
        </div>
      );
    return <Spinner label="Loading the enrollment…" showLabel />;
  }
  const refunds = record.refunds ?? [];
  const active = record.status !== 'cancelled' && record.status !== 'refunded' && record.status !== 'expired';
  const parent = fullName(record.firstName, record.lastName);
  return (
    <div className="history" ref={self} tabIndex={-1}>
      <dl className="history__facts">
        <div>
          <dt>Enrollment</dt>
          <dd>
            <code>{record.id}</code>
            {record.orderId && (
              <>
                <br />
                Order {record.orderId}, reference {record.orderReference}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Parent</dt>
          <dd>
            {parent}
            {/* An erased family reads "Erased" once, not once per line. */}
            {record.email !== ERASED && (
              <>
                <br />
                <a href={`mailto:${record.email}`} className="text-link">
                  {record.email}
                </a>
              </>
            )}
            {record.email === ERASED && parent !== ERASED && (
              <>
                <br />
                {ERASED}
              </>
            )}
            {detail.data?.contact?.phone === ERASED && parent !== ERASED && (
              <>
                <br />
                {ERASED}
              </>
            )}
            {detail.data?.contact?.phone && detail.data.contact.phone !== ERASED && (
              <>
                <br />
                <a href={`tel:${detail.data.contact.phone.replace(/[^\d+]/g, '')}`} className="text-link">
                  {detail.data.contact.phone}
                </a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{record.workshop ? 'Workshop' : 'Program'}</dt>
          <dd>
            {record.workshop?.title ?? record.program?.title}
            {record.workshop?.date && (
              <>
                <br />
                {day(record.workshop.date)}, {clock(record.workshop.date)}
              </>
            )}
            {courseSessions && courseSessions.length > 1 && (
              <SessionList sessions={courseSessions} label={`Every session of ${record.workshop?.title ?? ''}`} />
            )}
          </dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{moment(record.createdAt)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>
            {money(record.amount)} for {record.participants}{' '}
            {record.participants === 1 ? 'participant' : 'participants'}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className="history__badges">
            <EnrollmentStatusBadge status={record.status} />
            <PaymentStatusBadge status={record.paymentStatus} balanceCents={record.balanceCents} />
          </dd>
        </div>
        {record.cancelNote && (
          <div>
            <dt>Cancellation reason</dt>
            <dd>{record.cancelNote}</dd>
          </div>
        )}
      </dl>
      {(active || record.status === 'completed') && (
        <div className="history__actions">
          {record.status === 'completed' && (
            <Button variant="outline" size="sm" onPress={() => resend.mutate()} isDisabled={resend.isPending}>
              {resend.isPending ? 'Sending…' : 'Resend confirmation'}
            </Button>
          )}
          {record.workshop && record.status === 'completed' && (
            <Button variant="outline" size="sm" onPress={() => setOpen('transfer')}>
              Transfer…
            </Button>
          )}
          {active && (
            <Button variant="danger" size="sm" onPress={() => setOpen('cancel')}>
              Cancel enrollment…
            </Button>
          )}
        </div>
      )}
      {mayUse('privacy') && record.email !== ERASED && (
        <div className="history__actions">
          <Button variant="danger" size="sm" onPress={() => setOpen('erase')}>
            Erase this family’s personal data…
          </Button>
        </div>
      )}
      {detail.data?.safetyDataErasedAt && (
        <p className="history__note">
          The children’s safety details (dietary and medical notes, emergency contacts) were erased on{' '}
          {day(detail.data.safetyDataErasedAt)}, after the retention period.
        </p>
      )}
      {resend.error && (
        <p role="alert" className="after-sale-form__error">
          {apiErrorText(resend.error) ?? 'The confirmation could not be sent again. Please try again.'}
        </p>
      )}
      <section aria-labelledby={`payment-${record.id}`}>
        <h3 id={`payment-${record.id}`} className="history__title">
          Payment
        </h3>
        <dl className="history__facts">
          <div>
            <dt>Due</dt>
            <dd>{money(record.amount)}</dd>
          </div>
          {detail.data?.paidAmount !== undefined && (
            <div>
              <dt>Paid</dt>
              <dd>{money(detail.data.paidAmount)}</dd>
            </div>
          )}
          {detail.data?.payments?.map((p, i) => (
            <div key={`payment-${i}`}>
              <dt>{i === 0 ? 'Payments' : <span className="sr-only">Payment</span>}</dt>
              <dd>{paidLineText(p)}</dd>
            </div>
          ))}
          <div>
            <dt>Refunded</dt>
            <dd>{money(record.refundedAmount ?? 0)}</dd>
          </div>
          {(record.balanceCents ?? 0) > 0 && (
            <div>
              <dt>Balance due</dt>
              <dd>
                {formatUsd(record.balanceCents!)}
                {record.balanceDueAt ? ` by ${day(record.balanceDueAt)}` : ''}
              </dd>
            </div>
          )}
        </dl>
        {record.pricing && (
          <PriceLines
            pricing={{ ...record.pricing, balanceCents: record.balanceCents ?? 0 }}
            balanceDueAt={record.balanceDueAt ?? null}
            paid={record.status === 'completed' || record.status === 'cancelled'}
            className="history__price"
          />
        )}
      </section>
      {refunds.length > 0 && (
        <section aria-labelledby={`refunds-${record.id}`}>
          <h3 id={`refunds-${record.id}`} className="history__title">
            Refunds
          </h3>
          <ul className="history__refunds">
            {refunds.map((r) => (
              <li key={r.refundKey} className="history__refund">
                <span>
                  {money(r.amount)} for the {REFUND_REASON[r.reason]}
                  {r.attempt > 1 ? ` (attempt ${r.attempt})` : ''}
                </span>
                <Badge variant={REFUND_BADGE[r.status]}>{r.status === 'issued' ? 'refunded' : r.status}</Badge>
                {r.status === 'failed' && (
                  <>
                    <span className="history__refund-failure">{r.failure}</span>
                    <Button size="sm" onPress={() => retry.mutate()} isDisabled={retry.isPending}>
                      {retry.isPending ? 'Retrying…' : 'Retry refund'}
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {retry.error && (
            <p role="alert" className="after-sale-form__error">
              {apiErrorText(retry.error) ?? 'The refund could not be retried. Please try again.'}
            </p>
          )}
        </section>
      )}
      <h3 className="history__title">Participants</h3>
      {detail.isPending && <Spinner label="Loading the participants…" showLabel />}
      {detail.isError && (
        <div role="alert" className="history__error">
          <p>{apiErrorText(detail.error) ?? 'The participants could not be loaded.'}</p>
          <Button variant="outline" size="sm" onPress={() => void detail.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {detail.data?.participantDetails && (
        <ParticipantList
          details={detail.data.participantDetails}
          strict={isStrictItem(detail.data)}
          contactName={parent}
          label={`Participants of enrollment ${record.id}`}
          left={detail.data.leftParticipants}
          action={
            detail.data.cancelOne
              ? (index, name) => (
                  <div className="participant-list__actions">
                    {record.workshop && (
                      <Button variant="outline" size="sm" onPress={() => setPlace({ index, name, move: true })}>
                        Move {name}…
                      </Button>
                    )}
                    <Button variant="outline" size="sm" onPress={() => setPlace({ index, name, move: false })}>
                      Cancel {name}’s place…
                    </Button>
                  </div>
                )
              : undefined
          }
        />
      )}
      {detail.data?.contact && (
        <FamilyDetails contact={detail.data.contact} strict={isStrictItem(detail.data)} enrollmentId={record.id} />
      )}
      {detail.data?.participantDetails && record.workshop && detail.data.status === 'completed' && (
        <MakeupCreditsPanel
          enrollmentId={record.id}
          participants={detail.data.participantDetails}
          contactName={parent}
        />
      )}
      <h3 className="history__title">Events</h3>
      {history.isPending && <Spinner label="Loading the history…" showLabel />}
      {history.isError && (
        <div role="alert" className="history__error">
          <p>{apiErrorText(history.error) ?? 'The history could not be loaded.'}</p>
          <Button variant="outline" size="sm" onPress={() => void history.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {history.data && (
        <ol className="history__events" aria-label={`Events of enrollment ${record.id}`}>
          {history.data.events.map((e) => (
            <li key={e.position} className="history__event">
              <div className="history__event-head">
                <strong>{eventName(e.type)}</strong>
                <Badge variant="outline">by {e.by ?? e.actor}</Badge>
              </div>
              <time dateTime={e.at} className="history__time">
                {moment(e.at)}
              </time>
              <p className="history__summary">{e.summary}</p>
            </li>
          ))}
        </ol>
      )}
      {open === 'cancel' && (
        <CancelEnrollmentDialog
          record={record}
          isOpen
          onClose={() => setOpen(null)}
          onDone={done('Enrollment cancelled')}
        />
      )}
      {open === 'erase' && (
        <EraseFamilyDialog
          email={record.email}
          isOpen
          onClose={() => setOpen(null)}
          onDone={() =>
            toast({ title: 'Personal data erased', description: 'The family’s records now read “Erased”.' })
          }
        />
      )}
      {place?.move && detail.data?.cancelOne && (
        <TransferEnrollmentDialog
          record={record}
          place={{ ...place, worth: detail.data.cancelOne.refundMax }}
          isOpen
          onClose={() => setPlace(null)}
          onDone={done(`${place.name} moved`)}
        />
      )}
      {place && !place.move && detail.data?.cancelOne && (
        <CancelEnrollmentDialog
          record={record}
          place={{ ...place, ...detail.data.cancelOne }}
          isOpen
          onClose={() => setPlace(null)}
          onDone={done(`${place.name}’s place cancelled`)}
        />
      )}
      {open === 'transfer' && (
        <TransferEnrollmentDialog
          record={record}
          isOpen
          onClose={() => setOpen(null)}
          onDone={done('Enrollment transferred')}
        />
      )}
    </div>
  );
}
