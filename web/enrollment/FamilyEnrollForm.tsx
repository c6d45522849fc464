import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import type { AccountView } from '../../contracts/account/api.js';
import { ageAtWorkshop } from '../../contracts/account/age.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { MESSAGES } from '../../contracts/enrollment/fields.js';
import { waiverVersionLabel } from '../../contracts/policies/waivers.js';
import { Button } from '../components/Button.js';
import { Checkbox } from '../components/Checkbox.js';
import { Link } from '../components/Link.js';
import { TextField } from '../components/TextField.js';
import { formatLongDate } from '../core/format.js';
import { Section } from './FormFields.js';

/** Loaded when a parent first corrects a child: the date field and its calendar code stay off the enroll page's first load. */
const ChildCorrection = lazy(() => import('./ChildCorrection.js').then((m) => ({ default: m.ChildCorrection })));

/** What the family form sends: which saved children come, a signature for each who needs one, and the terms. */
export interface FamilyEnrollment {
  childIds: string[];
  signatures: { childId: string; signedName: string }[];
  agreeToTerms: boolean;
}

export interface FamilyEnrollFormProps {
  workshop: Workshop;
  account: AccountView;
  strict: boolean;
  isFree: boolean;
  chosen: string[];
  onChoose(childIds: string[]): void;
  isSubmitting: boolean;
  refusal: string | null;
  /** The server's messages by field path (`childIds.0`, `signatures.1.signedName`, `agreeToTerms`...). */
  errors: Record<string, string>;
  onSubmit(enrollment: FamilyEnrollment): void;
  /** Fill in the form by hand instead (someone not saved, or details to change for this booking only). */
  onByHand(): void;
  /** A child's details were corrected (and saved to the family page): read the family again at `position`. */
  onChildSaved(position: string): void;
  /** The discount code and gift card fields (absent: a free event). */
  adjustments?: ReactNode;
  /** What the card pays now: 0 (all paid by a gift card or credit) completes without the card. */
  dueNowCents?: number;
}

/**
 * The enroll form of a signed-in family: a box per saved child (their details, contacts and
 * emergency contacts come from the family page), a typed signature for each child whose documents
 * are not signed for this school year, and the terms.
 */
export function FamilyEnrollForm(props: FamilyEnrollFormProps) {
  const { workshop, account, strict, chosen, onChoose, errors } = props;
  const [signatures, setSignatures] = useState<Record<string, string>>({});
  const [agree, setAgree] = useState(false);
  const [own, setOwn] = useState<Record<string, string>>({});
  const [correcting, setCorrecting] = useState<string | null>(null);
  const shown = { ...errors, ...own };
  const children = account.children;
  const needsSignature = (id: string) =>
    strict && (children.find((c) => c.id === id)?.waivers.some((w) => !w.current) ?? false);
  const documents = account.documents.map((d) => `the ${d.title} (${waiverVersionLabel(d)})`).join(' and ');
  const d = account.details;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (chosen.length === 0) found.childIds = 'Choose at least one child.';
    chosen.forEach((id, i) => {
      if (needsSignature(id) && (signatures[id] ?? '').trim().length < 3)
        found[`signatures.${i}.signedName`] = 'Please type your full name to sign.';
    });
    if (!agree) found.agreeToTerms = MESSAGES.agreeToTerms;
    setOwn(found);
    if (Object.keys(found).length > 0) return;
    props.onSubmit({
      childIds: chosen,
      signatures: chosen
        .filter(needsSignature)
        .map((childId) => ({ childId, signedName: signatures[childId]!.trim() })),
      agreeToTerms: agree,
    });
  };

  return (
    <form className="enroll-form" onSubmit={submit} noValidate aria-labelledby="family-form-title">
      <h2 id="family-form-title" className="enroll-form__title">
        Who is coming?
      </h2>
      <p className="enroll-form__required-note">
        Signed in as <span className="enroll-form__address">{account.you.email}</span>. Your children’s details and your
        family’s contacts come from <Link href="/account">your family page</Link>.
      </p>
      <Section title="Your children">
        <div className="enroll-form__field enroll-form__field--wide family-choice">
          {children.map((c) => {
            const index = chosen.indexOf(c.id);
            return (
              <div key={c.id} className="family-choice__child">
                <Checkbox
                  isSelected={index >= 0}
                  isDisabled={!c.dateOfBirth}
                  onChange={(on) => onChoose(on ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))}
                  description={
                    c.dateOfBirth
                      ? `Age ${ageAtWorkshop(c.dateOfBirth, workshop)} on ${formatLongDate(workshop.date)}${c.hasDietaryRestrictions ? ` · ${c.dietaryRestrictions || 'dietary needs'}` : ''}`
                      : 'Add the date of birth on your family page to enroll.'
                  }
                  errorMessage={index >= 0 ? shown[`childIds.${index}`] : undefined}
                >
                  {c.name}
                </Checkbox>
                {index >= 0 &&
                  (correcting === c.id ? (
                    <Suspense fallback={null}>
                      <ChildCorrection
                        child={c}
                        onCancel={() => setCorrecting(null)}
                        onSaved={(position) => {
                          setCorrecting(null);
                          props.onChildSaved(position);
                        }}
                      />
                    </Suspense>
                  ) : (
                    <Button variant="link" size="sm" onPress={() => setCorrecting(c.id)}>
                      Correct {c.name}’s details
                    </Button>
                  ))}
              </div>
            );
          })}
          {shown.childIds && <p className="field__error">{shown.childIds}</p>}
        </div>
      </Section>

      {strict && chosen.some(needsSignature) && (
        <Section title="Signatures" hint={<>For this school year, sign {documents} for each child.</>}>
          {chosen.map((id, i) =>
            needsSignature(id) ? (
              <div key={id} className="enroll-form__field enroll-form__field--wide">
                <TextField
                  label={`Sign for ${children.find((c) => c.id === id)?.name}: your full name`}
                  value={signatures[id] ?? ''}
                  onChange={(v) => setSignatures((now) => ({ ...now, [id]: v }))}
                  isRequired
                  autoComplete="name"
                  errorMessage={shown[`signatures.${i}.signedName`]}
                />
              </div>
            ) : null,
          )}
          <p className="enroll-form__hint enroll-form__field--wide">
            Read the{' '}
            <Link href="/code-of-conduct" target="_blank">
              Code of Conduct
            </Link>{' '}
            and the{' '}
            <Link href="/photography-release" target="_blank">
              Photography Release
            </Link>
            . Typing your name signs them.
          </p>
        </Section>
      )}

      <Section title="Contacts">
        <p className="enroll-form__hint enroll-form__field--wide">
          {d.firstName
            ? `${d.firstName} ${d.lastName}, ${d.phone}`
            : 'Your name and phone are not on your family page yet.'}
          {d.emergencyContact1Name && ` · Emergency: ${d.emergencyContact1Name}`}
          {d.emergencyContact2Name && `, ${d.emergencyContact2Name}`}.{' '}
          <Link href="/account">Change them on your family page</Link>.
        </p>
      </Section>

      <Section title="Agreements">
        <div className="enroll-form__field enroll-form__field--wide">
          <Checkbox
            isSelected={agree}
            onChange={setAgree}
            isRequired
            errorMessage={shown.agreeToTerms}
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
          </Checkbox>
        </div>
      </Section>

      {props.adjustments && <Section title="Discount Code & Gift Card">{props.adjustments}</Section>}

      {props.refusal && (
        <div className="enroll-form__refusal" role="alert">
          <p>{props.refusal}</p>
        </div>
      )}

      <Button type="submit" size="lg" fullWidth isPending={props.isSubmitting}>
        {props.isSubmitting
          ? 'Submitting…'
          : props.isFree || props.dueNowCents === 0
            ? 'Complete Registration'
            : 'Continue to Payment'}
      </Button>
      <Button variant="link" onPress={props.onByHand}>
        Enroll someone else: fill in the form instead
      </Button>
    </form>
  );
}
