import { useState, type FormEvent, type ReactNode } from 'react';
import { agesOutside, type AgeRangePolicy } from '../../contracts/catalogue/age-range.js';
import { AgeRangeNotice } from './AgeRangeNotice.js';
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
import { SendNewsBox } from '../newsletter/SendNewsBox.js';

const REFERRAL_OPTIONS = REFERRAL_SOURCES.map((id) => ({ id, label: REFERRAL_LABELS[id] }));

export interface EnrollmentFormProps {
  form: EnrollmentFormState;
  strict: boolean;
  isFree: boolean;
  isSubmitting: boolean;
  /** The server's words when it refused (e.g. the workshop is full). */
  refusal: string | null;
  /** The workshop's age range and what the school does with an age outside it. */
  ages?: { range?: string | undefined; policy?: AgeRangePolicy | undefined };
  /** Offer "Save these details to my family account" (nobody is signed in). */
  offerSave?: boolean;
  onSubmit(form: ParsedForm): void;
  /** What the card pays now: nothing (a gift card or credit pays it all) confirms without a payment page. */
  dueNowCents?: number;
  /** The discount code and gift card fields (a paid workshop). */
  adjustments?: ReactNode;
  /** The unticked "Send me news of new classes" box. */
  news?: { isSelected: boolean; onChange(selected: boolean): void };
}

export function EnrollmentForm({
  form,
  strict,
  isFree,
  isSubmitting,
  refusal,
  ages,
  offerSave,
  onSubmit,
  dueNowCents,
  adjustments,
  news,
}: EnrollmentFormProps) {
  const [agesConfirmed, setAgesConfirmed] = useState(false);
  const [ageError, setAgeError] = useState<string | undefined>();
  const outside = agesOutside(
    ages?.range,
    form.values.participantDetails
      .slice(0, form.participants)
      .map((p) => ({ age: typeof p.age === 'number' && Number.isFinite(p.age) ? p.age : null })),
  );
  const policy = ages?.policy ?? 'warn';
  const errorCount = Object.values(form.errors).filter(Boolean).length + (ageError ? 1 : 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.validate();
    if (outside.length > 0 && (policy === 'refuse' || !agesConfirmed)) {
      setAgeError(
        policy === 'refuse'
          ? 'This class takes only the ages above: please pick another class.'
          : 'Please confirm the class is right for them, or pick another class.',
      );
      return;
    }
    setAgeError(undefined);
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

      {outside.length > 0 && ages?.range && (
        <AgeRangeNotice
          ageRange={ages.range}
          policy={policy}
          outside={outside}
          confirmed={agesConfirmed}
          onConfirm={(ticked) => {
            setAgesConfirmed(ticked);
            if (ticked) setAgeError(undefined);
          }}
          errorMessage={ageError}
        />
      )}

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
        {offerSave && (
          <FormCheck
            form={form}
            name="saveToFamilyAccount"
            description={
              <>
                Next time, pick your children instead of typing them. Nothing is saved until you{' '}
                <Link href="/account">sign in</Link> with this e-mail address and accept them.
              </>
            }
          >
            Save these details to my family account
          </FormCheck>
        )}
        {news && <SendNewsBox {...news} />}
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
