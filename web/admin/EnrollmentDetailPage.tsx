import { useParams } from 'react-router-dom';
import { Link } from '../components/Link.js';
import { AdminShell } from './AdminShell.js';
import { EnrollmentRecordView } from './EnrollmentRecordView.js';

/** /admin/enrollments/:id: one enrollment in full, at an address an administrator can share. */
export function EnrollmentDetailPage() {
  const { id = '' } = useParams();
  return (
    <AdminShell title="Enrollment" area="enrollments">
      <p className="enrollment-page__back">
        <Link href="/admin/enrollments">Back to the Enrollment Tracker</Link>
      </p>
      <EnrollmentRecordView key={id} id={id} />
    </AdminShell>
  );
}
