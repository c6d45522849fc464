import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { EnrollmentForm as ParsedForm } from '../../contracts/enrollment/form.js';
import { asksChildDetails, EMPTY_ENROLLMENT_FORM } from '../../contracts/enrollment/form.js';
import { toCents } from '../../contracts/enrollment/money.js';
import { IslandToasts, toast, toastOnNextPage } from '../components/Toast.js';
import { ApiError, apiErrorIssues, apiErrorText, isApiError } from '../core/api.js';
import { useAddressSearch } from '../core/addressSearch.js';
import { SchoolLocale } from '../core/SchoolLocale.js';
import { valuesTypedInto } from '../core/typedBeforeHydration.js';
import { subscribeFromEnrollment } from '../newsletter/api.js';
import { OfferNotice } from '../waitlist/OfferNotice.js';
import { enrollInWorkshop, orderConfirmationHref } from './api.js';
import { rememberEnrollment } from './checkoutEnrollment.js';
import { keepDraft, savedDraft } from './enrollmentDraft.js';
import { EnrollmentForm } from './EnrollmentForm.js';
import { EnrollmentSummary } from './EnrollmentSummary.js';
import { PlanChoice, plannedInstallments } from './PlanChoice.js';
import { keepHoldToken, savedHoldToken } from './holdToken.js';
import { keepReceiptToken } from './receiptProof.js';
import { useEnrollmentForm } from './useEnrollmentForm.js';
import { usePricing } from '../pricing/usePricing.js';
import { PriceAdjustmentFields } from '../pricing/PriceAdjustmentFields.js';
import type { AccountView } from '../../contracts/account/api.js';
import type { EnrollmentResponse } from '../../contracts/enrollment/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { useApiRead } from '../core/useApiRead.js';
import { FamilyEnrollForm, type FamilyEnrollment } from './FamilyEnrollForm.js';
import { rememberSignedIn, sessionMayExist } from '../account/signedInHint.js';
import { InvoiceCheckout } from './InvoiceCheckout.js';

/**
 * The enroll page's heading, summary card and form: the island of /enroll/:id. The server renders
 * it with the workshop, so the fields are there (named and labelled) before any script; it takes
 * the page over at the visitor's first touch, key or focus, keeping what was typed before then.
 * It reads no router or query client: the offer token comes from the address, the next page is a
 * page load (the checkout is a page of its own, with Stripe's Content-Security-Policy).
 */
export function EnrollView({
  workshop,
  siblingDiscountPercent = 0,
  renderedAt,
  family: renderedFamily,
}: {
  workshop: Workshop;
  /** The school's sibling discount (the page's `pricingSettings` read). */
  siblingDiscountPercent?: number;
  /** The render's "now", for whether a deposit applies (the server decides again). */
  renderedAt?: string;
  /** The signed-in family the server rendered the page for: its form from the first paint. */
  family?: AccountView;
}) {
  const form = useEnrollmentForm(workshop);
  const [isSubmitting, setSubmittingState] = useState(false);
  // Read at the press itself: a second press (or Enter in a field) before React has rendered the
  // first one's state sends nothing, so one form is one enrollment.
  const sending = useRef(false);
  const setSubmitting = (value: boolean) => {
    sending.current = value;
    setSubmittingState(value);
  };
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sendNews, setSendNews] = useState(false);
  const strict = asksChildDetails(workshop);
  const unit = toCents(workshop.price);
  // Opened from a waitlist offer's e-mail: the seats held for this parent go with the enrollment.
  // Read in the browser only: the page the server renders (and keeps) never holds the token.
  const offerToken = new URLSearchParams(useAddressSearch('')).get('offer');
  // A signed-in family picks its saved children instead of typing them. The server renders the
  // page with the family when the session cookie came with it; otherwise the family is asked for
  // only when a session may exist (none: nobody is asked, no 401), and again after a correction.
  const [familyAt, setFamilyAt] = useState<string | undefined>();
  const account = useApiRead<AccountView>(
    familyAt
      ? queryKeys.account({ minPosition: familyAt })
      : !renderedFamily && sessionMayExist()
        ? queryKeys.account()
        : null,
  );
  const ended = account.status === 'error' && isApiError(account.error, 401);
  useEffect(() => {
    if (ended) rememberSignedIn(false);
  }, [ended]);
  const [byHand, setByHand] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [familyErrors, setFamilyErrors] = useState<Record<string, string>>({});
  // While the family is read again (after a correction), the form keeps the family as last read.
  const lastFamily = useRef<AccountView | null>(renderedFamily ?? null);
  if (account.status === 'success') lastFamily.current = account.data;
  const known = lastFamily.current;
  // A family learnt in the browser (a page not rendered for it) takes the guest form's place only
  // while nothing was typed into it: never under a parent's fingers, never losing what she typed.
  const swapToFamily = useRef<boolean | null>(renderedFamily ? true : null);
  if (swapToFamily.current === null && known) swapToFamily.current = form.values === EMPTY_ENROLLMENT_FORM;
  const family = known && known.children.length > 0 && !byHand && swapToFamily.current ? known : null;
  const participantsNow = family ? chosen.length || 1 : form.participants;
  // A child of the signed-in family already holds a seat here: the sibling discount is every child's.
  const siblingAlreadyEnrolled =
    known?.bookings.some((b) => b.workshopId === workshop.id && (b.status === 'pending' || b.status === 'completed')) ??
    false;
  const pricing = usePricing(
    workshop,
    participantsNow,
    siblingDiscountPercent,
    renderedAt ? new Date(renderedAt) : new Date(),
    siblingAlreadyEnrolled,
    known?.creditCents ?? 0,
  );
  const adjustments = unit > 0 ? <PriceAdjustmentFields pricing={pricing} /> : null;
  // A plan offered now, for what the card pays (the server splits it again, and may refuse it).
  const [inParts, setInParts] = useState(false);
  const offer = workshop.paymentPlanOffer ?? null;
  const cardCents = pricing.breakdown.dueNowCents;
  const planOffered = offer !== null && cardCents > 0 && pricing.breakdown.balanceCents === 0;
  const paying = planOffered && inParts ? plannedInstallments(offer, cardCents)[0]!.amountCents : cardCents;

  // As the form goes live: what was sent from this tab before (Back from the checkout), then what
  // was typed or filled in before now, which React would otherwise write over on its next render.
  useLayoutEffect(() => {
    const draft = savedDraft(workshop.id);
    const typed = valuesTypedInto(form.formRef.current, draft ?? form.values);
    const next = typed ?? draft;
    if (next) form.replaceValues(next);
    // Once, as the form mounts or hydrates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back from the checkout into a page the browser kept whole (its back-forward cache): the form is
  // as it was left, but no longer on its way.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  /** Sends an enrollment; on success goes on to the confirmation (free) or the checkout. */
  const send = async (
    body: Record<string, unknown>,
    participants: number,
    draft?: typeof form.values,
    newsFor?: string,
  ) => {
    if (sending.current) return null;
    setSubmitting(true);
    setRefusal(null);
    const { totalCents } = pricing.breakdown;
    // Sent again from this tab (back from the checkout, say): the earlier unpaid enrollment is replaced.
    const holdToken = savedHoldToken(workshop.id);
    try {
      const result = await enrollInWorkshop(workshop.id, {
        ...body,
        workshopId: workshop.id,
        totalPrice: totalCents / 100,
        ...pricing.body(),
        ...(planOffered && inParts ? { installments: offer.installments } : {}),
        ...(offerToken ? { offerToken } : {}),
        ...(holdToken ? { holdToken } : {}),
      });
      if (newsFor) await subscribeFromEnrollment(newsFor);
      proceed(result, participants, draft);
      return null;
    } catch (err) {
      setSubmitting(false);
      const words = apiErrorText(err);
      let onItsField = false;
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        const issues = apiErrorIssues(err);
        // A damaged token is forgotten: the next press sends the form as a new enrollment.
        if (issues.holdToken) keepHoldToken(workshop.id, undefined);
        // A code or a card refused (used up, spent meanwhile) is said on its own field, not the form's.
        onItsField = pricing.showServerIssues(issues);
      }
      // Refusals about the workshop or the family's limits are said on the page, not only in the toast.
      if (err instanceof ApiError && [401, 404, 409, 429].includes(err.status)) setRefusal(words ?? null);
      toast({
        title: 'Enrollment Failed',
        description: words ?? 'There was an error processing your enrollment. Please try again.',
        variant: 'destructive',
      });
      return onItsField ? null : err;
    }
  };

  const proceed = (result: EnrollmentResponse, participants: number, draft?: typeof form.values) => {
    keepHoldToken(workshop.id, result.holdToken);
    keepReceiptToken(result.enrollmentId, result.receiptToken);
    // Free, or all of it paid by the gift card or the credit: confirmed already, no card.
    if (result.isFree || result.orderId) {
      keepDraft(workshop.id, undefined);
      window.location.assign(
        orderConfirmationHref({
          workshopId: workshop.id,
          attendees: participants,
          orderId: result.orderId ?? `FREE-${result.enrollmentId}`,
          isFree: result.isFree,
          position: result.position,
        }),
      );
      return;
    }
    // The checkout takes the amount the server priced, not one worked out from its address.
    rememberEnrollment({
      id: result.enrollmentId,
      participants,
      amountCents: result.amountCents,
      isFree: result.isFree,
      pricing: result.pricing,
      holdExpiresAt: result.holdExpiresAt ?? null,
    });
    keepDraft(workshop.id, draft);
    toastOnNextPage({ title: 'Enrollment Submitted!', description: 'Redirecting you to complete your payment.' });
    window.location.assign(
      `/checkout/${encodeURIComponent(workshop.id)}?${new URLSearchParams({ participants: String(participants), enrollmentId: result.enrollmentId })}`,
    );
  };

  const submit = async (parsed: ParsedForm) => {
    const err = await send({ ...form.values }, parsed.participants, form.values, sendNews ? parsed.email : undefined);
    if (err instanceof ApiError && err.status === 400) form.showServerIssues(err);
  };

  const submitFamily = async (enrollment: FamilyEnrollment) => {
    setFamilyErrors({});
    const err = await send({ ...enrollment }, enrollment.childIds.length);
    if (err instanceof ApiError && err.status === 400) {
      const issues = apiErrorIssues(err);
      setFamilyErrors(issues);
      // A problem the family form has no field for (details missing on the family page) is said on the page.
      if (!Object.keys(issues).some((p) => /^(childIds|signatures|agreeToTerms)/.test(p)))
        setRefusal(`${apiErrorText(err) ?? 'Please check your family page.'} Please complete your family page.`);
    }
  };

  return (
    <SchoolLocale>
      <div className="container section enroll">
        <header className="enroll__head">
          <span className="eyebrow">Enrollment</span>
          <h1>Enroll: {workshop.title}</h1>
          <p className="lead">
            Reserve your place below.{' '}
            {unit > 0 ? 'Seats are held for you while you complete payment.' : 'This event is free.'}
          </p>
          {offerToken && (
            <OfferNotice
              workshopId={workshop.id}
              token={offerToken}
              onPrefill={(p) => {
                // Only what is still blank: a draft brought back, or typing already begun, stays.
                const v = form.values;
                if (!v.firstName) form.set('firstName', p.firstName);
                if (!v.lastName) form.set('lastName', p.lastName);
                if (!v.email) form.set('email', p.email);
                if (!v.phone) form.set('phone', p.phone);
                if (v.participants === 1) form.set('participants', p.participants);
              }}
            />
          )}
        </header>
        <div className="enroll__grid">
          <EnrollmentSummary
            workshop={workshop}
            participants={participantsNow}
            pricing={pricing.breakdown}
            balanceDueAt={pricing.balanceDueAt}
            plan={
              planOffered && <PlanChoice offer={offer} cardCents={cardCents} inParts={inParts} onChange={setInParts} />
            }
          />
          {family ? (
            <FamilyEnrollForm
              workshop={workshop}
              account={family}
              strict={strict}
              isFree={unit === 0}
              dueNowCents={paying}
              adjustments={adjustments}
              chosen={chosen}
              onChoose={setChosen}
              isSubmitting={isSubmitting}
              refusal={refusal}
              errors={familyErrors}
              onSubmit={(e) => void submitFamily(e)}
              onChildSaved={setFamilyAt}
              onByHand={() => {
                setRefusal(null);
                setByHand(true);
              }}
            />
          ) : (
            <EnrollmentForm
              form={form}
              strict={strict}
              isFree={unit === 0}
              dueNowCents={paying}
              adjustments={adjustments}
              isSubmitting={isSubmitting}
              refusal={refusal}
              ages={{ range: workshop.ageRange, policy: workshop.ageRangePolicy }}
              // Offered until a session answers (the server's HTML has it too), not added when the
              // account's 401 comes: the button below must not move under a parent's finger.
              offerSave={account.status !== 'success' && !known}
              onSubmit={(p) => void submit(p)}
              news={{ isSelected: sendNews, onChange: setSendNews }}
            />
          )}
        </div>
        <InvoiceCheckout workshop={workshop} />
      </div>
      <IslandToasts />
    </SchoolLocale>
  );
}
