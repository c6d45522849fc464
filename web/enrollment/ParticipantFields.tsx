import type { ParticipantDetailValues } from '../../contracts/enrollment/participants.js';
import { Checkbox } from '../components/Checkbox.js';
import { NumberField } from '../components/NumberField.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { Section } from './FormFields.js';

type Key = keyof ParticipantDetailValues & string;

/** What the fieldsets need of a form: its participants and their fields (the enroll form, the booking page). */
export interface ParticipantsForm {
  values: { participantDetails: ParticipantDetailValues[] };
  listField<F extends Key>(
    name: 'participantDetails',
    index: number,
    key: F,
  ): {
    name: string;
    value: ParticipantDetailValues[F];
    onChange: (value: ParticipantDetailValues[F]) => void;
    errorMessage?: string;
  };
  listCheckbox(
    name: 'participantDetails',
    index: number,
    key: Key,
  ): { name: string; isSelected: boolean; onChange: (ticked: boolean) => void; errorMessage?: string };
}

/**
 * One fieldset per participant ("Participant 1", "Participant 2"...), so a screen reader names the
 * participant with each field. The base form asks each one's name; the stricter one (children,
 * summer, tea-party) also their age, grade, school, dietary restrictions and photography choices.
 */
export function ParticipantFieldsets({
  form,
  strict,
  skip = [],
}: {
  form: ParticipantsForm;
  strict: boolean;
  /** Participants not shown (their place was cancelled): their details are kept as they are. */
  skip?: readonly number[];
}) {
  return (
    <>
      {form.values.participantDetails.map((participant, index) =>
        skip.includes(index) ? null : (
          <Section key={index} title={`Participant ${index + 1}`} className="enroll-form__section--participant">
            <Participant form={form} index={index} participant={participant} strict={strict} />
          </Section>
        ),
      )}
    </>
  );
}

function Participant({
  form,
  index,
  participant,
  strict,
}: {
  form: ParticipantsForm;
  index: number;
  participant: ParticipantDetailValues;
  strict: boolean;
}) {
  const field = <K extends Key>(key: K) => form.listField('participantDetails', index, key);
  const check = (key: Key) => form.listCheckbox('participantDetails', index, key);
  const age = field('age');

  if (!strict) {
    return (
      <div className="enroll-form__field enroll-form__field--wide">
        <TextField
          {...field('name')}
          label="Name"
          autoComplete="off"
          description={index === 0 ? 'Leave blank if you are attending yourself.' : undefined}
        />
      </div>
    );
  }
  return (
    <>
      <div className="enroll-form__field">
        <TextField {...field('name')} label="Student name" isRequired autoComplete="off" />
      </div>
      <div className="enroll-form__field">
        <NumberField
          name={age.name}
          label="Age"
          isRequired
          minValue={1}
          maxValue={18}
          step={1}
          errorMessage={age.errorMessage}
          value={typeof age.value === 'number' ? age.value : Number.NaN}
          onChange={(n) => age.onChange(Number.isNaN(n) ? null : n)}
        />
      </div>
      <div className="enroll-form__field">
        <TextField {...field('grade')} label="Grade" isRequired autoComplete="off" />
      </div>
      <div className="enroll-form__field">
        <TextField {...field('school')} label="School" isRequired autoComplete="off" />
      </div>
      <div className="enroll-form__field enroll-form__field--wide">
        <Checkbox {...check('hasDietaryRestrictions')}>Has dietary restrictions or allergies</Checkbox>
      </div>
      {participant.hasDietaryRestrictions && (
        <div className="enroll-form__field enroll-form__field--wide">
          <TextArea {...field('dietaryRestrictions')} label="Please describe them" isRequired rows={2} />
        </div>
      )}
      <fieldset className="enroll-form__subgroup enroll-form__field--wide">
        <legend className="enroll-form__sublegend">Photography</legend>
        {!participant.photographyOptOut && (
          <Checkbox {...check('photographyConsent')}>
            I consent to photographs of this student being taken and used by the school
          </Checkbox>
        )}
        {!participant.photographyOptOut && participant.photographyConsent && (
          <Checkbox {...check('allowNameWithPhoto')}>Their first name may appear with their photo</Checkbox>
        )}
        <Checkbox {...check('photographyOptOut')}>Please do not photograph this student (complete opt-out)</Checkbox>
      </fieldset>
    </>
  );
}
