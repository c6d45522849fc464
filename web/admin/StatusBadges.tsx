import {
  ENROLLMENT_STATUS_WORDS,
  PAYMENT_STATUS_WORDS,
  recordPaymentWord,
} from '../../contracts/admin/status-words.js';
import { Badge } from '../components/Badge.js';
import { paymentBadge, paymentLabel, statusBadge, statusLabel } from './adminFormat.js';

/** Where an enrollment stands, in the words every admin screen uses. */
export function EnrollmentStatusBadge({ status }: { status: string }) {
  return <Badge variant={statusBadge(status)}>{statusLabel(status)}</Badge>;
}

/** A record's payment; with `balanceCents` owed, a paid deposit booking reads "Deposit paid". */
export function PaymentStatusBadge({ status, balanceCents }: { status: string; balanceCents?: number | undefined }) {
  const label = balanceCents ? recordPaymentWord({ paymentStatus: status, balanceCents }).label : paymentLabel(status);
  return <Badge variant={paymentBadge(status)}>{label}</Badge>;
}

const SHOWN_STATUSES = ['pending', 'completed', 'expired', 'cancelled', 'refunded'];
const SHOWN_PAYMENTS = Object.keys(PAYMENT_STATUS_WORDS);

/** What each status word means: one disclosure under the tracker's table. */
export function StatusLegend() {
  return (
    <details className="status-legend">
      <summary>What the statuses mean</summary>
      <div className="status-legend__columns">
        <dl aria-label="Enrollment statuses">
          {SHOWN_STATUSES.map((s) => (
            <div key={s}>
              <dt>
                <EnrollmentStatusBadge status={s} />
              </dt>
              <dd>{ENROLLMENT_STATUS_WORDS[s]!.meaning}</dd>
            </div>
          ))}
        </dl>
        <dl aria-label="Payment statuses">
          {SHOWN_PAYMENTS.map((s) => (
            <div key={s}>
              <dt>
                <PaymentStatusBadge status={s} />
              </dt>
              <dd>{PAYMENT_STATUS_WORDS[s]!.meaning}</dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
