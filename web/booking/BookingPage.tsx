import { useRef, useState } from 'react';
import { paymentMethodWords } from '../../contracts/enrollment/payment-words.js';
import { paidLineText } from '../../contracts/enrollment/payment-lines.js';
import { useParams } from 'react-router-dom';
import type { BookingView } from '../../contracts/booking/api.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { isApiError } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { PurchasedItemDetails } from '../enrollment/PurchasedItemDetails.js';
import { Row } from '../enrollment/OrderRow.js';
import { ParticipantList } from '../enrollment/ParticipantList.js';
import { ReceiptDownloads } from '../enrollment/ReceiptDownloads.js';
import { calendarHref, receiptPdfHref, useBooking } from './api.js';
import { CancelBookingDialog, refundSentence } from './CancelBookingDialog.js';
import { EditParticipants } from './EditParticipants.js';
import { CourseSessions } from './CourseSessions.js';
import { itemSessions } from '../../contracts/enrollment/events.js';
import { useVisitNow } from '../core/site.js';
import {
  cancelledRefundText,
  fullRefundText,
  movedText,
  participantsText,
  priceNowText,
  refundRowText,
} from './bookingText.js';
import { BalancePanel } from './BalancePanel.js';
import { BookingCertificates } from '../certificates/CertificateDownloads.js';
import { InstallmentsPanel } from './InstallmentsPanel.js';
import { NewLinkButton } from './NewLinkButton.js';
import { apiErrorText } from '../core/api.js';
import { PriceLines } from '../pricing/PriceLines.js';
import '../enrollment/OrderConfirmationPage.css';
import './BookingPage.css';
import { enrollmentStatusWord } from '../../contracts/admin/status-words.js';

/**
 * The parent's own booking, opened from "Manage your booking" in an e-mail: what was booked and
 * paid, the receipt and the calendar file, each participant's details (correctable until the
 * workshop begins) and the cancellation the school's policy gives today, said before confirming.
 */
export function BookingPage() {
  usePageTitle('Your Booking');
  const { token = '' } = useParams();
  const booking = useBooking(token);
  if (booking.isPending) return <PageLoading label="Loading your booking…" />;
  if (isApiError(booking.error, 410)) return <LinkReplaced token={token} words={apiErrorText(booking.error)} />;
  if (!booking.data) return <BookingUnavailable notFound={isApiError(booking.error, 404)} />;
  return <Booking token={token} booking={booking.data} />;
}

/** A link the booking has moved past (a parent left the family, or a new one was asked for): 410, in the server's words. */
function LinkReplaced({ token, words }: { token: string; words: string | undefined }) {
  return (
    <div className="container container--narrow section confirm">
      <header className="confirm__head">
        <h1>This Link Was Replaced</h1>
        <p className="lead">
          {words ??
            'This link to your booking was replaced by a newer one. Please use the link in our most recent e-mail.'}
        </p>
      </header>
      <NewLinkButton token={token} variant="primary" centered />
    </div>
  );
}

function BookingUnavailable({ notFound }: { notFound: boolean }) {
  return (
    <div className="container container--narrow section confirm">
      <header className="confirm__head">
        <h1>{notFound ? 'Booking Link Not Recognized' : 'We Could Not Load Your Booking'}</h1>
        <p className="lead">
          {notFound
            ? 'This link does not open a booking. Please use the “Manage your booking” link from your most recent e-mail from us.'
            : 'Our system did not answer just now. Your booking is not lost: please try again in a moment.'}
        </p>
      </header>
      <div className="button-row button-row--center">
        <Link href="/contact" variant="outline" size="lg">
          Contact us
        </Link>
      </div>
    </div>
  );
}

/** The words are the office's (contracts/admin/status-words.ts), so a parent and the school say the same. */
const STATUS_BADGE: Record<BookingView['status'], 'success' | 'danger' | 'refunded' | 'neutral'> = {
  completed: 'success',
  pending: 'neutral',
  expired: 'neutral',
  // Not the tracker's struck-through badge: the parent reads a plain word.
  cancelled: 'danger',
  refunded: 'refunded',
};

function Booking({ token, booking: b }: { token: string; booking: BookingView }) {
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancellingPlace, setCancellingPlace] = useState<{ index: number; name: string } | null>(null);
  const one = b.cancelOne && b.cancelOne.terms.kind !== 'closed' ? { ...b.cancelOne, terms: b.cancelOne.terms } : null;
  const priceNow = priceNowText(b);
  const [news, setNews] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const item = b.item;
  const status = { text: enrollmentStatusWord(b.status).label, badge: STATUS_BADGE[b.status] };
  const orderId = b.orderId ?? '';
  const terms = b.cancellation;
  const moved = movedText(b);
  const now = useVisitNow();

  return (
    <div className="container section confirm booking">
      <header className="confirm__head">
        <h1 ref={headingRef} tabIndex={-1}>
          Your Booking
        </h1>
        <p className="lead">
          {item.title}
          {item.date ? `, ${formatLongDate(item.date)}` : ''}
        </p>
        <Badge variant={status.badge}>{status.text}</Badge>
        {moved && <p className="booking__moved">{moved}</p>}
        <p role="status" className="booking__news">
          {news}
        </p>
      </header>

      <div className="confirm__grid">
        <Card as="section" aria-labelledby="booking-workshop-title">
          <h2 id="booking-workshop-title">Workshop</h2>
          <PurchasedItemDetails item={item} />
        </Card>

        <Card as="section" aria-labelledby="booking-order-title">
          <h2 id="booking-order-title">Order</h2>
          <dl className="confirm__list">
            <Row label="Order number" value={orderId || '-'} />
            {b.orderReference && <Row label="Order reference" value={b.orderReference} />}
            <Row
              label="Payment method"
              value={
                paymentMethodWords(b.paymentMethod, b.pricing, b.card) ?? (b.isFree ? 'Free Enrollment' : 'Credit Card')
              }
            />
            {b.payments.map((p, i) => (
              <Row key={`paid-${i}`} label="Paid" value={paidLineText(p)} />
            ))}
            <Row label="Participants" value={participantsText(b)} />
            {priceNow && <Row label="Price now" value={priceNow} />}
            {b.refunds.map((r, i) => (
              <Row key={i} label={b.refunds.length === 1 ? 'Refund' : `Refund ${i + 1}`} value={refundRowText(r)} />
            ))}
          </dl>
          <PriceLines
            pricing={{ ...b.pricing, balanceCents: b.balanceCents }}
            balanceDueAt={b.balanceDueAt}
            paid={b.status === 'completed' || b.status === 'cancelled'}
            className="confirm__price"
          />
          <div className="button-row booking__files">
            <ReceiptDownloads
              orderId={orderId}
              order={{
                ...b,
                participants: b.participants.length,
                participantDetails: b.participants,
                leftParticipants: b.leftParticipants,
              }}
              pdfHref={receiptPdfHref(token)}
            />
            {item.date && b.status === 'completed' && (
              <Link href={calendarHref(token)} variant="outline" download>
                Add to Calendar (.ics)
              </Link>
            )}
          </div>
        </Card>
      </div>

      {b.status === 'completed' && b.installments.length > 0 && (
        <InstallmentsPanel
          token={token}
          booking={b}
          onNews={(words) => {
            setNews(words);
            headingRef.current?.focus();
          }}
        />
      )}
      {b.status === 'completed' && b.balanceCents > 0 && b.installments.length === 0 && (
        <BalancePanel
          token={token}
          booking={b}
          onPaid={() => {
            setNews('Thank you: your balance is paid. A receipt is on your booking page.');
            headingRef.current?.focus();
          }}
        />
      )}

      <BookingCertificates token={token} />

      <Card as="section" aria-labelledby="booking-participants-title">
        <h2 id="booking-participants-title">Participants</h2>
        {editing ? (
          <EditParticipants
            token={token}
            booking={b}
            skip={b.leftParticipants.map((l) => l.participant)}
            onClose={(saved) => {
              setEditing(false);
              if (saved) setNews('Your changes to the participants’ details are saved.');
            }}
          />
        ) : (
          <>
            <ParticipantList
              details={b.participants}
              strict={b.strict}
              contactName={b.contactName}
              left={b.leftParticipants}
              action={
                one
                  ? (index, name) => (
                      <Button
                        variant="outline"
                        size="sm"
                        onPress={() => {
                          setNews('');
                          setCancellingPlace({ index, name });
                        }}
                      >
                        Cancel {name}’s place
                      </Button>
                    )
                  : undefined
              }
            />
            {one && cancellingPlace && (
              <CancelBookingDialog
                token={token}
                booking={b}
                terms={one.terms}
                place={{ ...cancellingPlace, remainingCents: one.remainingCents }}
                isOpen
                onClose={(cancelled) => {
                  const name = cancellingPlace.name;
                  setCancellingPlace(null);
                  if (cancelled) {
                    setNews(`${name}’s place is cancelled. A confirmation e-mail is on its way.`);
                    headingRef.current?.focus();
                  }
                }}
              />
            )}
            <p className="booking__retention">
              {b.safetyData.erasedAt
                ? `Your children’s safety details (allergies, dietary and medical notes, emergency contacts) were erased on ${formatLongDate(b.safetyData.erasedAt)}, ${b.safetyData.days} days after their last session, as our privacy notice says.`
                : `We keep your children’s safety details (allergies, dietary and medical notes, emergency contacts) until ${b.safetyData.days} days after their last session, then erase them.`}{' '}
              <Link href="/privacy">Privacy notice</Link>
            </p>
            {b.editable && (
              <div className="button-row">
                <Button
                  variant="outline"
                  onPress={() => {
                    setNews('');
                    setEditing(true);
                  }}
                >
                  Edit participant details
                </Button>
              </div>
            )}
          </>
        )}
      </Card>

      {itemSessions(item).length > 1 && (
        <Card as="section" aria-labelledby="booking-sessions-title" className="booking__sessions">
          <h2 id="booking-sessions-title">Sessions and make-ups</h2>
          <CourseSessions token={token} booking={b} now={now} onNews={setNews} />
        </Card>
      )}

      <Card as="section" aria-labelledby="booking-cancel-title" className="booking__cancel">
        <h2 id="booking-cancel-title">{b.status === 'cancelled' ? 'Cancellation' : 'Cancel your booking'}</h2>
        {terms.kind === 'closed' ? (
          <p>
            {terms.reason}
            {b.status === 'cancelled' && b.refunds.length > 0 ? ` ${cancelledRefundText(b.refunds)}` : ''}
          </p>
        ) : (
          <>
            <p>
              {terms.kind === 'full-refund' && fullRefundText(terms)}
              {terms.kind === 'no-refund' && refundSentence(terms)}
              {terms.kind === 'free' &&
                'This booking is free: you can cancel at no cost until the workshop begins.'}{' '}
              <Link href="/terms">Read our terms</Link>.
            </p>
            <div className="button-row">
              <Button variant="danger" onPress={() => setCancelling(true)}>
                Cancel booking
              </Button>
            </div>
            <CancelBookingDialog
              token={token}
              booking={b}
              terms={terms}
              isOpen={cancelling}
              onClose={(cancelled) => {
                setCancelling(false);
                if (cancelled) {
                  setNews('Your booking is cancelled. A confirmation e-mail is on its way.');
                  headingRef.current?.focus();
                }
              }}
            />
          </>
        )}
      </Card>

      <Card as="section" aria-labelledby="booking-link-title" className="booking__link">
        <h2 id="booking-link-title">Your link to this page</h2>
        <p>
          Whoever has this page’s address can manage the booking. If it reached someone who should not have it, ask for
          a new link: we e-mail it to the address the booking was made with, and this one stops working.
        </p>
        <NewLinkButton token={token} />
      </Card>
    </div>
  );
}
