import type { AgeRangePolicy } from '../../contracts/catalogue/age-range.js';
import { ageRangeSentence } from '../../contracts/catalogue/age-range.js';
import { Checkbox } from '../components/Checkbox.js';
import { Link } from '../components/Link.js';

/**
 * Said under the participants when an age is outside the workshop's range: the school either asks
 * the parent to confirm or pick another class (`warn`), or takes no one outside it (`refuse`, which
 * the server enforces too). It updates as the ages are typed; the form refuses to go on until the
 * parent has confirmed (or, refused, changed the class).
 */
export function AgeRangeNotice({
  ageRange,
  policy,
  outside,
  confirmed,
  onConfirm,
  errorMessage,
}: {
  ageRange: string;
  policy: AgeRangePolicy;
  outside: readonly { index: number; age: number }[];
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  errorMessage?: string;
}) {
  return (
    <div className="enroll-form__age-notice" role="group" aria-labelledby="age-notice-title">
      <p id="age-notice-title" className="enroll-form__age-notice-title">
        {outside.length === 1 ? 'An age outside this class’s range' : 'Ages outside this class’s range'}
      </p>
      {outside.map(({ index, age }) => (
        <p key={index}>{ageRangeSentence(index, age, ageRange)}</p>
      ))}
      {policy === 'refuse' ? (
        <p>
          The school takes only these ages in this class. Please <Link href="/schedule">pick another class</Link>, or
          check the age entered.
        </p>
      ) : (
        <>
          <p>
            You may still enroll if you think the class suits them, or <Link href="/schedule">pick another class</Link>.
          </p>
          <Checkbox isSelected={confirmed} onChange={onConfirm} errorMessage={errorMessage}>
            I confirm this class is right for {outside.length === 1 ? 'this participant' : 'these participants'}
          </Checkbox>
        </>
      )}
      {policy === 'refuse' && errorMessage && (
        <p role="alert" className="enroll-form__age-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
