import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { EnrollmentForm as ParsedForm } from '../../contracts/enrollment/form.js';
import { isStrictCategory } from '../../contracts/enrollment/form.js';
import { isEnrollmentOpen } from '../../contracts/catalogue/sales-window.js';
import { toCents } from '../../contracts/enrollment/money.js';
import { ApiError, apiErrorIssues, apiErrorText } from '../core/api.js';
import { toast } from '../components/Toast.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { LoadError } from '../catalogue/LoadError.js';
import { enrollInWorkshop, orderConfirmationHref, useStripeConfig, useWorkshop } from './api.js';
import { rememberEnrollment } from './checkoutEnrollment.js';
import { keepHoldToken, savedHoldToken } from './holdToken.js';
import { EnrollmentForm } from './EnrollmentForm.js';
import { EnrollmentSummary } from './EnrollmentSummary.js';
import { WorkshopNotFound } from './WorkshopNotFound.js';
import { EnrollmentClosed } from './EnrollmentClosed.js';
import { priceWorkshop } from './workshopPricing.js';
import { useEnrollmentForm } from './useEnrollmentForm.js';
import { OfferNotice } from '../waitlist/OfferNotice.js';
import './EnrollPage.css';

export function EnrollPage() {
  const { id = '' } = useParams();
  const workshop = useWorkshop(id);
  usePageTitle(workshop.data ? `Enroll: ${workshop.data.title}` : 'Enroll');
  const [now] = useState(() => new Date());

  if (workshop.isPending) return <PageLoading label="Loading the workshop…" />;
  if (workshop.error instanceof ApiError && workshop.error.status === 404) return <WorkshopNotFound />;
  if (workshop.isError) {
    return (
      <div className="container section">
        <LoadError what="this workshop" onRetry={() => void workshop.refetch()} />
      </div>
    );
  }
  // The server refuses a closed workshop anyway; the page says so instead of offering a form.
  if (!isEnrollmentOpen(workshop.data, now)) return <EnrollmentClosed workshop={workshop.data} now={now} />;
  return <EnrollView key={workshop.data.id} workshop={workshop.data} />;
}

function EnrollView({ workshop }: { workshop: NonNullable<ReturnType<typeof useWorkshop>['data']> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stripeConfig = useStripeConfig();
  const form = useEnrollmentForm(workshop.category);
  const [isSubmitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const strict = isStrictCategory(workshop.category);
  const unit = toCents(workshop.price);
  // Opened from a waitlist offer's e-mail: the seats held for this parent go with the enrollment.
  const offerToken = useSearchParams()[0].get('offer');

  const submit = async (parsed: ParsedForm) => {
    setSubmitting(true);
    setRefusal(null);
    const { amountCents } = priceWorkshop(workshop, parsed.participants);
    // Sent again from this tab (back from the checkout, say): the earlier unpaid enrollment is replaced.
    const holdToken = savedHoldToken(workshop.id);
    try {
      const result = await enrollInWorkshop(workshop.id, {
        ...form.values,
        workshopId: workshop.id,
        totalPrice: amountCents / 100,
        ...(offerToken ? { offerToken } : {}),
        ...(holdToken ? { holdToken } : {}),
      });
      keepHoldToken(workshop.id, result.holdToken);
      if (result.isFree) {
        navigate(
          orderConfirmationHref({
            workshopId: workshop.id,
            attendees: parsed.participants,
            orderId: result.orderId ?? `FREE-${result.enrollmentId}`,
            isFree: true,
            position: result.position,
          }),
        );
        return;
      }
      // The checkout takes the amount the server priced, not one worked out from its address.
      rememberEnrollment(queryClient, {
        id: result.enrollmentId,
        participants: parsed.participants,
        amountCents: result.amountCents,
        isFree: result.isFree,
      });
      toast({ title: 'Enrollment Submitted!', description: 'Redirecting you to complete your payment.' });
      const checkout = `/checkout/${encodeURIComponent(workshop.id)}?${new URLSearchParams({ participants: String(parsed.participants), enrollmentId: result.enrollmentId })}`;
      // With Stripe, the checkout needs its own document: only that page's CSP lets Stripe.js load.
      if (stripeConfig.data?.publishableKey) window.location.assign(checkout);
      else navigate(checkout);
    } catch (err) {
      setSubmitting(false);
      const words = apiErrorText(err);
      if (err instanceof ApiError && err.status === 400) {
        // A damaged token is forgotten: the next press sends the form as a new enrollment.
        if (apiErrorIssues(err).holdToken) keepHoldToken(workshop.id, undefined);
        form.showServerIssues(err);
      }
      // Refusals about the workshop or the family's limits are said on the page, not only in the toast.
      if (err instanceof ApiError && [404, 409, 429].includes(err.status)) setRefusal(words ?? null);
      toast({
        title: 'Enrollment Failed',
        description: words ?? 'There was an error processing your enrollment. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="container section enroll">
      <header className="enroll__head">
        <span className="eyebrow">Enrollment</span>
        <h1>Enroll: {workshop.title}</h1>
        <p className="lead">
          Reserve your place below.{' '}
          {unit > 0 ? 'Seats are held for you while you complete payment.' : 'This event is free.'}
        </p>
        {offerToken && <OfferNotice workshopId={workshop.id} token={offerToken} />}
      </header>
      <div className="enroll__grid">
        <EnrollmentSummary workshop={workshop} participants={form.participants} />
        <EnrollmentForm
          form={form}
          strict={strict}
          isFree={unit === 0}
          isSubmitting={isSubmitting}
          refusal={refusal}
          onSubmit={(p) => void submit(p)}
        />
      </div>
    </div>
  );
}
