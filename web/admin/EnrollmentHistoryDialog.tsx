import { useQuery } from '@tanstack/react-query';
import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import type { EnrollmentHistory } from '../../contracts/admin/history.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { money, moment } from './adminFormat.js';

/** "PaymentSucceeded" -> "Payment succeeded" */
const eventName = (type: string) => {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The audit trail of one enrollment: every event of its stream, in order, with time and actor. */
export function EnrollmentHistoryDialog({
  record,
  onClose,
}: {
  record: AdminEnrollmentRecord | null;
  onClose: () => void;
}) {
  return (
    <Dialog isOpen={record !== null} onOpenChange={(open) => !open && onClose()} title="Enrollment history" size="lg">
      {record && <HistoryBody record={record} />}
    </Dialog>
  );
}

function HistoryBody({ record }: { record: AdminEnrollmentRecord }) {
  const history = useQuery({
    queryKey: queryKeys.adminEnrollmentHistory(record.id),
    queryFn: adminQueryFn as () => Promise<EnrollmentHistory>,
  });
  return (
    <div className="history">
      <dl className="history__facts">
        <div>
          <dt>Enrollment</dt>
          <dd>
            <code>{record.id}</code>
          </dd>
        </div>
        <div>
          <dt>Student</dt>
          <dd>
            {record.firstName} {record.lastName} ({record.email})
          </dd>
        </div>
        <div>
          <dt>{record.workshop ? 'Workshop' : 'Program'}</dt>
          <dd>{record.workshop?.title ?? record.program?.title}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>
            {money(record.amount)} for {record.participants}{' '}
            {record.participants === 1 ? 'participant' : 'participants'}
          </dd>
        </div>
      </dl>
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
    </div>
  );
}
