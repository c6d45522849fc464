import { ERASED } from '../../contracts/core/erased.js';
import type { EnrollmentContact } from '../../contracts/admin/enrollments.js';
import { REFERRAL_LABELS } from '../../contracts/enrollment/form.js';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const or = (v: string) => (v.trim() === '' ? 'Not given' : v);

function Person({ name, lines }: { name: string; lines: string[] }) {
  if (name.trim() === '' && lines.every((l) => l.trim() === '')) return <>Not given</>;
  return (
    <>
      {or(name)}
      {lines
        // An erased contact reads "Erased" once, under its name, not once per line.
        .filter((l) => l.trim() !== '' && !(name === ERASED && l === ERASED))
        .map((l) => (
          <span key={l} className="family__line">
            {l}
          </span>
        ))}
    </>
  );
}

/**
 * Everything else the parent filled in once for the enrollment: the second parent, both emergency
 * contacts, special requirements, how they heard of the school and what they agreed to. The form
 * asks no postal address. Blank fields say "Not given", so a missing contact is seen, not guessed.
 */
export function FamilyDetails({
  contact: c,
  strict,
  enrollmentId,
}: {
  contact: EnrollmentContact;
  strict: boolean;
  enrollmentId: string;
}) {
  const headingId = `family-${enrollmentId}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="history__title">
        Family and agreements
      </h3>
      <dl className="history__facts">
        <div>
          <dt>Second parent</dt>
          <dd>
            <Person name={c.parent2Name} lines={[c.parent2Email, c.parent2Phone]} />
          </dd>
        </div>
        {(strict || c.emergencyContact1Name) && (
          <div>
            <dt>Emergency contact 1</dt>
            <dd>
              <Person
                name={c.emergencyContact1Name}
                lines={[c.emergencyContact1Relationship, c.emergencyContact1Phone]}
              />
            </dd>
          </div>
        )}
        {(strict || c.emergencyContact2Name) && (
          <div>
            <dt>Emergency contact 2</dt>
            <dd>
              <Person
                name={c.emergencyContact2Name}
                lines={[c.emergencyContact2Relationship, c.emergencyContact2Phone]}
              />
            </dd>
          </div>
        )}
        <div>
          <dt>Special requirements</dt>
          <dd className="family__text">{or(c.specialRequirements)}</dd>
        </div>
        <div>
          <dt>Heard of us through</dt>
          <dd>{c.referralSource ? REFERRAL_LABELS[c.referralSource] : 'Not given'}</dd>
        </div>
        <div>
          <dt>Agreed to the terms</dt>
          <dd>{yesNo(c.agreeToTerms)}</dd>
        </div>
        {strict && (
          <div>
            <dt>Agreed to the code of conduct</dt>
            <dd>{yesNo(c.agreeToCodeOfConduct)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
