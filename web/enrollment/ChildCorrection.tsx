import { useState, type Ref } from 'react';
import type { AccountChild, AccountWritten } from '../../contracts/account/api.js';
import { ChildInputSchema, type ChildValues } from '../../contracts/account/child.js';
import { withPhotographyRules } from '../../contracts/enrollment/fields.js';
import { ChildFields } from '../account/ChildFields.js';
import { Button } from '../components/Button.js';
import { apiErrorText, apiJson, isApiError } from '../core/api.js';
import { useFormModel } from '../core/useFormModel.js';

const valuesOf = (c: AccountChild): ChildValues => ({
  name: c.name,
  dateOfBirth: c.dateOfBirth ?? '',
  grade: c.grade,
  school: c.school,
  hasDietaryRestrictions: c.hasDietaryRestrictions,
  dietaryRestrictions: c.dietaryRestrictions,
  medicalNotes: c.medicalNotes,
  photographyConsent: c.photographyConsent,
  allowNameWithPhoto: c.allowNameWithPhoto,
  photographyOptOut: c.photographyOptOut,
});

/**
 * A saved child's details corrected on the enroll page. The correction is the saved child's (the
 * button says so): it is saved to the family page, for this booking and every later one, and the
 * upcoming class lists follow. A change for one booking only is the booking page's.
 */
export function ChildCorrection({
  child,
  onSaved,
  onCancel,
}: {
  child: AccountChild;
  onSaved(position: string): void;
  onCancel(): void;
}) {
  const form = useFormModel<ChildValues>({ initial: valuesOf(child), normalise: withPhotographyRules });
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async () => {
    const parsed = form.parse(ChildInputSchema);
    if (!parsed) return;
    setSaving(true);
    try {
      const { position } = await apiJson<AccountWritten>(
        'PUT',
        `/api/account/children/${encodeURIComponent(child.id)}`,
        parsed,
      );
      onSaved(position);
    } catch (err) {
      setSaving(false);
      if (!(isApiError(err, 400) && form.showServerIssues(err)))
        setRefusal(apiErrorText(err) ?? 'Not saved. Please try again.');
    }
  };
  return (
    // A group, not a form: it sits inside the enroll form. The model focuses its first invalid field all the same.
    <div
      ref={form.formRef as unknown as Ref<HTMLDivElement>}
      className="child-correction"
      role="group"
      aria-label={`Correct ${child.name}’s details`}
    >
      <ChildFields form={form} />
      {refusal && (
        <p role="alert" className="field__error">
          {refusal}
        </p>
      )}
      <p className="enroll-form__hint">
        Saved to your family page: this booking, later ones and upcoming class lists use it.
      </p>
      <div className="button-row">
        <Button variant="secondary" onPress={() => void save()} isPending={saving}>
          Save to {child.name}’s details
        </Button>
        <Button variant="ghost" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
