import { FormText, Section } from './FormFields.js';
import type { EnrollmentFormState } from './useEnrollmentForm.js';

/**
 * What the stricter form (children, summer, tea-party) asks once per enrollment: a second parent
 * and two emergency contacts. Each participant's own details are in ParticipantFields.
 */
export function FamilySections({ form }: { form: EnrollmentFormState }) {
  return (
    <>
      <Section title="Second Parent or Guardian" hint="Optional: someone else we may contact about this enrollment.">
        <FormText form={form} name="parent2Name" label="Name" autoComplete="off" />
        <FormText form={form} name="parent2Email" label="Email" type="email" autoComplete="off" />
        <FormText form={form} name="parent2Phone" label="Phone" type="tel" autoComplete="off" />
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
            label="Relationship to the participants"
            isRequired
            autoComplete="off"
          />
        </Section>
      ))}
    </>
  );
}
