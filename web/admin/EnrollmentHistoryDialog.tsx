import { useQuery } from '@tanstack/react-query';
import type { AdminEnrollmentDetail, AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import { isStrictCategory } from '../../contracts/enrollment/form.js';
import type { EnrollmentHistory } from '../../contracts/admin/history.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { ParticipantList } from '../enrollment/ParticipantList.js';
import { adminQueryFn } from './adminApi.js';
import { money, moment } from './adminFormat.js';

/** "PaymentSucceeded" -> "Payment succeeded" */
const eventName = (type: string) => {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** One enrollment: who takes part with their details, then its audit trail (every event of its stream, in order). */
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
  const detail = useQuery({
    queryKey: queryKeys.adminEnrollment(record.id),
    queryFn: adminQueryFn as () => Promise<AdminEnrollmentDetail>,
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
          strict={isStrictCategory(detail.data.category)}
          contactName={`${record.firstName} ${record.lastName}`}
          label={`Participants of enrollment ${record.id}`}
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
                <Badge variant="outline">by {e.actor}</Badge>
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
