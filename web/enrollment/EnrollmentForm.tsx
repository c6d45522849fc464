import type { FormEvent, ReactNode } from 'react';
import {
  PARTICIPANTS_HINT,
  REFERRAL_LABELS,
  REFERRAL_SOURCES,
  type EnrollmentForm as ParsedForm,
} from '../../contracts/enrollment/form.js';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { Select } from '../components/Select.js';
import { FormArea, FormCheck, FormNumber, FormText, Section } from './FormFields.js';
import { ParticipantFieldsets } from './ParticipantFields.js';
import { FamilySections } from './StrictSections.js';
import type { EnrollmentFormState } from './useEnrollmentForm.js';

const REFERRAL_OPTIONS = REFERRAL_SOURCES.map((id) => ({ id, label: REFERRAL_LABELS[id] }));

export interface EnrollmentFormProps {
  form: EnrollmentFormState;
  strict: boolean;
  isFree: boolean;
  isSubmitting: boolean;
  /** The server's words when it refused (e.g. the workshop is full). */
  refusal: string | null;
  onSubmit(form: ParsedForm): void;
  /** What the card pays now: nothing (a gift card or credit pays it all) confirms without a payment page. */
  dueNowCents?: number;
  /** The discount code and gift card fields (a paid workshop). */
  adjustments?: ReactNode;
}

export function EnrollmentForm({
  form,
  strict,
  isFree,
  isSubmitting,
  refusal,
  onSubmit,
  dueNowCents,
  adjustments,
}: EnrollmentFormProps) {
  const errorCount = Object.values(form.errors).filter(Boolean).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate();
    if (parsed) onSubmit(parsed);
  };

  return (
    <form ref={form.formRef} className="enroll-form" onSubmit={submit} noValidate aria-labelledby="enroll-form-title">
      <h2 id="enroll-form-title" className="enroll-form__title">
        Enrollment Form
      </h2>
      <p className="enroll-form__required-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">as required</span> are required.
      </p>
      <div role="alert" className="enroll-form__summary">
        {errorCount > 0 && (
          <p>Please correct the {errorCount === 1 ? 'field' : `${errorCount} fields`} marked below.</p>
        )}
      </div>

      <Section title="Contact Details">
        <FormText form={form} name="firstName" label="First name" isRequired autoComplete="given-name" />
        <FormText form={form} name="lastName" label="Last name" isRequired autoComplete="family-name" />
        <FormText form={form} name="email" label="Email" type="email" isRequired autoComplete="email" />
        <FormText form={form} name="phone" label="Phone" type="tel" isRequired autoComplete="tel" />
      </Section>

      <Section
        title="Participants"
        hint={
          strict ? (
            <>
              Each participant’s details follow. We sometimes photograph classes for our website and social media: read
              our{' '}
              <Link href="/photography-release" target="_blank">
                Photography Release
              </Link>{' '}
              before choosing.
            </>
          ) : undefined
        }
      >
        <FormNumber
          form={form}
          name="participants"
          label="Number of participants"
          isRequired
          minValue={1}
          maxValue={5}
          description={PARTICIPANTS_HINT}
        />
      </Section>

      <ParticipantFieldsets form={form} strict={strict} />

      {strict && <FamilySections form={form} />}

      <Section title="Special Requirements">
        <FormArea
          form={form}
          name="specialRequirements"
          label="Accessibility needs, allergies or anything we should know"
        />
      </Section>

      <Section title="How You Found Us">
        <div className="enroll-form__field">
          <Select
            label="How did you hear about us?"
            placeholder="Choose one (optional)"
            options={REFERRAL_OPTIONS}
            selectedKey={form.values.referralSource || null}
            onSelectionChange={(key) =>
              form.set('referralSource', REFERRAL_SOURCES.find((source) => source === key) ?? '')
            }
            errorMessage={form.errors.referralSource}
          />
        </div>
      </Section>

      {adjustments && <Section title="Discount Code & Gift Card">{adjustments}</Section>}

      <Section title="Agreements">
        {strict && (
          <FormCheck form={form} name="agreeToCodeOfConduct" isRequired>
            I have read and agree to the{' '}
            <Link href="/code-of-conduct" target="_blank">
              Code of Conduct
            </Link>
          </FormCheck>
        )}
        <FormCheck
          form={form}
          name="agreeToTerms"
          isRequired
          description={
            <>
              Read the{' '}
              <Link href="/terms" target="_blank">
                enrollment terms
              </Link>
              , with our cancellation and refund policy.
            </>
          }
        >
          I agree to the terms and conditions of enrollment
        </FormCheck>
      </Section>

      {refusal && (
        <div className="enroll-form__refusal" role="alert">
          <p>{refusal}</p>
          <Link href="/scheduling">See other dates</Link>
        </div>
      )}

      <Button type="submit" size="lg" fullWidth isPending={isSubmitting}>
        {isSubmitting ? 'Submitting…' : isFree || dueNowCents === 0 ? 'Complete Registration' : 'Continue to Payment'}
      </Button>
    </form>
  );
}
