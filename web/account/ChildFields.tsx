import type { ChildValues } from '../../contracts/account/child.js';
import { Checkbox } from '../components/Checkbox.js';
import { DateField } from '../components/DateField.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import type { FormModel } from '../core/useFormModel.js';
import './ChildFields.css';

/** A child's fields, checked by ChildInputSchema: the family page's dialog and the enroll form's correction. */
export function ChildFields({ form }: { form: FormModel<ChildValues> }) {
  const v = form.values;
  return (
    <>
      <TextField {...form.field('name')} label="Full name" isRequired autoComplete="off" />
      <DateField
        {...form.field('dateOfBirth')}
        label="Date of birth"
        isRequired
        description="Each workshop works out the age at its own date."
      />
      <div className="child-fields__pair">
        <TextField {...form.field('grade')} label="Grade" isRequired autoComplete="off" />
        <TextField {...form.field('school')} label="School" isRequired autoComplete="off" />
      </div>
      <Checkbox {...form.checkbox('hasDietaryRestrictions')}>Has dietary restrictions or allergies</Checkbox>
      {v.hasDietaryRestrictions && (
        <TextArea {...form.field('dietaryRestrictions')} label="Please describe them" isRequired rows={2} />
      )}
      <TextArea
        {...form.field('medicalNotes')}
        label="Medical notes"
        rows={2}
        description="Anything the instructor should know: an inhaler, an EpiPen, a condition."
      />
      <fieldset className="child-fields__group">
        <legend className="field__label">Photography</legend>
        {!v.photographyOptOut && (
          <Checkbox {...form.checkbox('photographyConsent')}>
            I consent to photographs of this child being taken and used by the school
          </Checkbox>
        )}
        {!v.photographyOptOut && v.photographyConsent && (
          <Checkbox {...form.checkbox('allowNameWithPhoto')}>Their first name may appear with their photo</Checkbox>
        )}
        <Checkbox {...form.checkbox('photographyOptOut')}>
          Please do not photograph this child (complete opt-out)
        </Checkbox>
      </fieldset>
    </>
  );
}
