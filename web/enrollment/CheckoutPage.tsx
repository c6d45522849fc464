import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { toCents } from '../../contracts/enrollment/money.js';
import { priceWorkshop } from './workshopPricing.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { ApiError } from '../core/api.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { LoadError } from '../catalogue/LoadError.js';
import { orderConfirmationHref, useWorkshop } from './api.js';
import { useCheckoutEnrollment, type CheckoutEnrollment } from './checkoutEnrollment.js';
import { OrderSummary } from './OrderSummary.js';
import { PaymentPanel } from './PaymentPanel.js';
import { WorkshopNotFound } from './WorkshopNotFound.js';
import { HoldCountdown } from './HoldCountdown.js';
import './CheckoutPage.css';

export function CheckoutPage() {
  usePageTitle('Checkout');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const enrollmentId = search.get('enrollmentId') ?? '';
  const workshop = useWorkshop(id);
  const enrollment = useCheckoutEnrollment(enrollmentId);

  if (workshop.isPending || (enrollmentId && enrollment.status === 'pending'))
    return <PageLoading label="Loading your order…" />;
  if (workshop.error instanceof ApiError && workshop.error.status === 404) return <WorkshopNotFound />;
  if (workshop.isError || enrollment.status === 'error') {
    return (
      <div className="container section">
        <LoadError
          what="your order"
          onRetry={() => (workshop.isError ? void workshop.refetch() : enrollment.retry())}
        />
      </div>
    );
  }
  return (
    <Checkout
      workshop={workshop.data}
      enrollment={enrollmentId ? enrollment.data : undefined}
      participantsAsked={Math.min(5, Math.max(1, Math.floor(Number(search.get('participants')) || 1)))}
    />
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
  const navigate = useNavigate();
  const unit = toCents(w.price);
  const participants = enrollment?.participants ?? participantsAsked;
  const price = priceWorkshop(w, participants);
  const total = enrollment?.amountCents ?? price.amountCents;
  // What the card pays now: the total less the gift card and the credit, or the deposit.
  const dueNow = enrollment?.pricing?.dueNowCents ?? total;

  return (
    <div className="container section checkout">
      <header className="checkout__head">
        <span className="eyebrow">Checkout</span>
        <h1>Complete Your Enrollment</h1>
        <p className="lead">{w.title}</p>
      </header>
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
                enrollment
                  ? navigate(
                      orderConfirmationHref({
                        workshopId: w.id,
                        attendees: participants,
                        orderId: `FREE-${enrollment.id}`,
                        isFree: true,
                      }),
                    )
                  : navigate(`/enroll/${encodeURIComponent(w.id)}`)
              }
            >
              Complete Registration
            </Button>
          </Card>
        ) : enrollment ? (
          <div className="checkout__pay">
            {enrollment.holdExpiresAt && (
              <HoldCountdown expiresAt={enrollment.holdExpiresAt} enrollHref={`/enroll/${encodeURIComponent(w.id)}`} />
            )}
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
            <Link href={`/enroll/${encodeURIComponent(w.id)}`} variant="primary">
              Go to the enrollment form
            </Link>
          </Card>
        )}
      </div>
    </div>
  );
}
