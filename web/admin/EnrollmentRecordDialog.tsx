import { fullName } from '../../contracts/core/erased.js';
import type { AdminEnrollmentRecord } from '../../contracts/admin/enrollments.js';
import { Dialog } from '../components/Dialog.js';
import { Link } from '../components/Link.js';
import { EnrollmentRecordView } from './EnrollmentRecordView.js';

/** The page of one enrollment: a link an administrator can share or keep. */
export const enrollmentPath = (id: string) => `/admin/enrollments/${encodeURIComponent(id)}`;

/**
 * One enrollment opened from a list, in a dialog named for what it shows (the whole record: who,
 * the payment, the participants, the family's details and the history, not the history alone); the
 * same view has its own page (the link at the top).
 */
export function EnrollmentRecordDialog({
  record,
  onClose,
}: {
  record: AdminEnrollmentRecord | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title={record ? `Enrollment record: ${fullName(record.firstName, record.lastName)}` : 'Enrollment record'}
      size="lg"
    >
      {record && (
        <>
          <p className="enrollment-page__back">
            <Link href={enrollmentPath(record.id)}>Open this enrollment as a page</Link>
          </p>
          <EnrollmentRecordView id={record.id} listed={record} />
        </>
      )}
    </Dialog>
  );
}
