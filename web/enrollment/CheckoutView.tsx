import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { toCents } from '../../contracts/enrollment/money.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { IslandToasts } from '../components/Toast.js';
import { useAddressSearch } from '../core/addressSearch.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { LoadError } from '../catalogue/LoadError.js';
import { PageLoading } from '../layout/PageLoading.js';
import { orderConfirmationHref } from './api.js';
import { useCheckoutEnrollment, type CheckoutEnrollment } from './checkoutEnrollment.js';
import { HoldCountdown } from './HoldCountdown.js';
import { OrderSummary } from './OrderSummary.js';
import { PaymentPanel } from './PaymentPanel.js';
import { priceWorkshop } from './workshopPricing.js';

/**
 * The checkout's island: the order summary, the seat hold and the payment, for the enrollment its
 * address names. The server renders it without its query (the address is read in the browser, and
 * the page kept is the same for every enrollment), so it says it is loading until it is live; then
 * it takes the enrollment the enroll answer left in this tab, else the server's lookup. It reads no
 * router or query client, and the next page (the confirmation) is a page load.
 */
export function CheckoutView({ workshop }: { workshop: Workshop }) {
  const search = useAddressSearch(null);
  const params = new URLSearchParams(search ?? '');
  const enrollmentId = params.get('enrollmentId') ?? '';
  const enrollment = useCheckoutEnrollment(search === null ? '' : enrollmentId);
  const participantsAsked = Math.min(5, Math.max(1, Math.floor(Number(params.get('participants')) || 1)));

  let shown;
  if (search === null || (enrollmentId && enrollment.status === 'pending'))
    shown = <PageLoading label="Loading your order…" />;
  else if (enrollment.status === 'error') shown = <LoadError what="your order" onRetry={enrollment.retry} />;
  else
    shown = (
      <Checkout
        workshop={workshop}
        enrollment={enrollmentId ? enrollment.data : undefined}
        participantsAsked={participantsAsked}
      />
    );
  return (
    <SchoolLocale>
      {shown}
      <IslandToasts />
    </SchoolLocale>
  );
}

/**
 * With an enrollment, its figures are the server's. Without one nothing is owed yet: the summary
 * previews the count the address asks for, and the page sends the visitor to the form.
 */
function Checkout({
  workshop: w,
  enrollment,
  participantsAsked,
}: {
  workshop: Workshop;
  enrollment?: CheckoutEnrollment;
  participantsAsked: number;
}) {
  const unit = toCents(w.price);
  const participants = enrollment?.participants ?? participantsAsked;
  const price = priceWorkshop(w, participants);
  const total = enrollment?.amountCents ?? price.amountCents;
  // What the card pays now: the total less the gift card and the credit, or the deposit.
  const dueNow = enrollment?.pricing?.dueNowCents ?? total;
  const enrollHref = `/enroll/${encodeURIComponent(w.id)}`;

  return (
    <div className="checkout__grid">
      <OrderSummary
        title={w.title}
        unitPriceCents={unit}
        participants={participants}
        totalCents={total}
        pricing={enrollment?.pricing}
        share={price.proRata}
        groupPrice={price.tier?.totalCents ?? null}
      />
      {total === 0 ? (
        <Card as="section" className="pay-panel free-card" aria-labelledby="free-card-title">
          <h2 id="free-card-title">Free Event</h2>
          <p>This event is free of charge. No payment is needed.</p>
          <Button
            size="lg"
            onPress={() =>
              window.location.assign(
                enrollment
                  ? orderConfirmationHref({
                      workshopId: w.id,
                      attendees: participants,
                      orderId: `FREE-${enrollment.id}`,
                      isFree: true,
                    })
                  : enrollHref,
              )
            }
          >
            Complete Registration
          </Button>
        </Card>
      ) : enrollment ? (
        <div className="checkout__pay">
          {enrollment.holdExpiresAt && <HoldCountdown expiresAt={enrollment.holdExpiresAt} enrollHref={enrollHref} />}
          <PaymentPanel
            enrollmentId={enrollment.id}
            workshopId={w.id}
            title={w.title}
            participants={participants}
            amountCents={dueNow}
          />
        </div>
      ) : (
        <Card as="section" className="pay-panel" role="alert">
          <h2>Start with the enrollment form</h2>
          <p>We need a few details before payment.</p>
          <Link href={enrollHref} variant="primary">
            Go to the enrollment form
          </Link>
        </Card>
      )}
    </div>
  );
}
