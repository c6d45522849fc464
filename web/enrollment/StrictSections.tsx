import { Link } from '../components/Link.js';
import { FormArea, FormCheck, FormNumber, FormText, Section } from './FormFields.js';
import type { EnrollmentFormState } from './useEnrollmentForm.js';

/** What the stricter form (children, summer, tea-party) adds about the student and the family. */
export function StudentSections({ form }: { form: EnrollmentFormState }) {
  return (
    <>
      <Section title="Second Parent or Guardian" hint="Optional: someone else we may contact about this enrollment.">
        <FormText form={form} name="parent2Name" label="Name" autoComplete="off" />
        <FormText form={form} name="parent2Email" label="Email" type="email" autoComplete="off" />
        <FormText form={form} name="parent2Phone" label="Phone" type="tel" autoComplete="off" />
      </Section>

      <Section title="Student Details">
        <FormText form={form} name="studentName" label="Student name" isRequired autoComplete="off" />
        <FormNumber form={form} name="studentAge" label="Student age" isRequired minValue={1} maxValue={18} />
        <FormText form={form} name="studentGrade" label="Grade" isRequired autoComplete="off" />
        <FormText form={form} name="school" label="School" isRequired autoComplete="off" />
      </Section>

      <Section title="Dietary Restrictions">
        <FormCheck form={form} name="hasDietaryRestrictions">
          The student has dietary restrictions or allergies
        </FormCheck>
        {form.values.hasDietaryRestrictions && (
          <FormArea form={form} name="dietaryRestrictions" label="Please describe them" isRequired />
        )}
      </Section>

      {([1, 2] as const).map((n) => (
        <Section key={n} title={`Emergency Contact ${n}`}>
          <FormText form={form} name={`emergencyContact${n}Name`} label="Name" isRequired autoComplete="off" />
          <FormText
            form={form}
            name={`emergencyContact${n}Phone`}
            label="Phone"
            type="tel"
            isRequired
            autoComplete="off"
          />
          <FormText
            form={form}
            name={`emergencyContact${n}Relationship`}
            label="Relationship to the student"
            isRequired
            autoComplete="off"
          />
        </Section>
      ))}
    </>
  );
}

/** Photography choices: opting out hides the consents; first name with photo needs photo consent. */
export function PhotographySection({ form }: { form: EnrollmentFormState }) {
  const { photographyOptOut, photographyConsent } = form.values;
  return (
    <Section
      title="Photography"
      hint={
        <>
          We sometimes photograph classes for our website and social media. Read our{' '}
          <Link href="/photography-release" target="_blank">
            Photography Release
          </Link>
          .
        </>
      }
    >
      {!photographyOptOut && (
        <FormCheck form={form} name="photographyConsent">
          I consent to photographs of the student being taken and used by the school
        </FormCheck>
      )}
      {!photographyOptOut && photographyConsent && (
        <FormCheck form={form} name="allowNameWithPhoto">
          The student’s first name may appear with their photo
        </FormCheck>
      )}
      <FormCheck form={form} name="photographyOptOut">
        Please do not photograph the student (complete opt-out)
      </FormCheck>
    </Section>
  );
}
