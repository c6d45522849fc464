import type { AccountBooking } from '../../contracts/account/api.js';
import { enrollmentStatusWord, paymentStatusWord } from '../../contracts/admin/status-words.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Badge } from '../components/Badge.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { formatLongDate } from '../core/format.js';
import { paidLineText } from '../../contracts/enrollment/payment-lines.js';

/** Every booking made with the family's e-mails: upcoming first, then past, each opening its booking page. */
export function BookingsSection({ bookings }: { bookings: AccountBooking[] }) {
  const upcoming = bookings.filter((b) => b.upcoming);
  const past = bookings.filter((b) => !b.upcoming);
  return (
    <Card as="section" aria-labelledby="bookings-title" className="account__section">
      <h2 id="bookings-title">Bookings</h2>
      {bookings.length === 0 ? (
        <p>
          No bookings yet. <Link href="/schedule">See the schedule</Link>.
        </p>
      ) : (
        <>
          <BookingList title="Upcoming" bookings={upcoming} empty="Nothing coming up." />
          <BookingList title="Past" bookings={past} empty="No past bookings." />
        </>
      )}
    </Card>
  );
}

function BookingList({ title, bookings, empty }: { title: string; bookings: AccountBooking[]; empty: string }) {
  return (
    <>
      <h3 className="account__subtitle">{title}</h3>
      {bookings.length === 0 ? (
        <p className="account__muted">{empty}</p>
      ) : (
        <ul className="account__list">
          {bookings.map((b) => (
            <li key={b.enrollmentId} className="account__booking">
              <div>
                <strong className="account__booking-title">{b.title}</strong>
                <span className="account__muted">
                  {b.date ? `${formatLongDate(b.date)}${b.time ? `, ${b.time}` : ''}` : 'No fixed date'}
                </span>
                <span className="account__muted">{b.attendees.join(', ')}</span>
              </div>
              <div className="account__booking-facts">
                <Badge variant={b.status === 'completed' ? 'success' : 'neutral'}>
                  {enrollmentStatusWord(b.status).label}
                </Badge>
                <span>
                  {formatUsd(b.amountCents)} · {paymentStatusWord(b.paymentStatus).label}
                  {b.refundedToCreditCents > 0 && ` · ${formatUsd(b.refundedToCreditCents)} went to your family credit`}
                </span>
                {b.payments.map((p, i) => (
                  <span key={`paid-${i}`} className="account__muted">
                    Paid {paidLineText(p)}
                  </span>
                ))}
                {b.bookingPath && (
                  <Link href={b.bookingPath}>
                    Open booking<span className="sr-only"> {b.title}</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
