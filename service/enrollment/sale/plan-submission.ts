import { enrollmentFormSchemaFor, type EnrollmentForm } from '../../../contracts/enrollment/form.js';
import { agesOutside, ageRangeSentence } from '../../../contracts/catalogue/age-range.js';
import { WAIVER_DOCUMENTS, type EnrolledWaiver, type WaiverTable } from '../../../contracts/policies/waivers.js';
import type { EnrollmentSubmitted } from '../../../contracts/enrollment/events.js';
import { formatUsd, sessionShareWords, toCents } from '../../../contracts/enrollment/money.js';
import type { WorkshopData } from '../../../contracts/catalogue/workshop.js';
import { validationError } from '../../core/errors.js';
import { describeIssues } from '../../core/validate.js';
import { submissionOf } from './submission.js';
import { itemOfWorkshop } from './purchased-item.js';
import { priceOrder, type PricingInputs } from './pricing-parts.js';

/**
 * What an enrollment with a family's saved children carries beyond the form (the account slice
 * works it out, see service/app.ts): the household, what each participant's saved record held
 * (by participant index), and the signatures the booking rests on.
 */
export interface FamilyParts {
  householdId: string;
  children: { childId: string; dateOfBirth: string; medicalNotes: string }[];
  waivers: EnrolledWaiver[];
}

/**
 * A school that refuses ages outside a workshop's range (`ageRangePolicy: refuse`) gets a 400 naming
 * each such participant's age field, as the form sent it: `participantDetails.<i>.age`, or the
 * specification's `studentAge` for a form without details. Otherwise the page only warns.
 */
function refuseAgesOutside(workshop: WorkshopData, body: unknown, details: { age: number | null }[]): void {
  if (workshop.ageRangePolicy !== 'refuse' || !workshop.ageRange) return;
  const outside = agesOutside(workshop.ageRange, details);
  if (outside.length === 0) return;
  const detailed = typeof body === 'object' && body !== null && 'participantDetails' in body;
  const issues = outside.map(({ index, age }) => ({
    path: detailed || index > 0 ? `participantDetails.${index}.age` : 'studentAge',
    message: `${ageRangeSentence(index, age, workshop.ageRange!)} Please pick another class.`,
  }));
  throw validationError(
    `${workshop.title} is for ages ${workshop.ageRange.replace(/^ages?\s*/i, '')} only: ${issues.map((i) => i.message).join(' ')}`,
    issues,
  );
}

/** The form parsed with the workshop's rules, priced from the catalogue, the total the page sent checked. */
export function planSubmission(
  workshop: WorkshopData,
  body: unknown,
  totalPrice: number,
  ids: {
    enrollmentId: string;
    holdExpiresAt: string;
    now: Date;
    family?: FamilyParts;
    waivers: WaiverTable;
    inputs: PricingInputs;
    replaces?: string;
  },
): EnrollmentSubmitted {
  const parsed = enrollmentFormSchemaFor(workshop).safeParse(body);
  if (!parsed.success) {
    const { message, issues } = describeIssues(parsed.error);
    throw validationError(message, issues);
  }
  refuseAgesOutside(workshop, body, parsed.data.participantDetails);
  const { enrollmentId, holdExpiresAt, now, family } = ids;
  const form = family ? withSavedChildren(parsed.data, family) : parsed.data;
  const item = itemOfWorkshop(workshop, now);
  const { priced, pricing } = priceOrder(ids.inputs, item, form.participants, now, ids.replaces);
  const submission = {
    ...submissionOf({
      enrollmentId,
      workshopId: workshop.id,
      programId: null,
      form,
      item,
      holdExpiresAt,
      test: false,
      at: now,
      pricing,
    }),
    ...(family ? { householdId: family.householdId } : {}),
  };
  const waivers = family?.waivers ?? formWaivers(form, ids.waivers, now);
  if (waivers.length > 0) submission.waivers = waivers;
  const { amountCents } = submission;
  if (toCents(totalPrice) !== amountCents) {
    const people = `${form.participants} ${form.participants === 1 ? 'participant' : 'participants'}`;
    const share = priced.proRata ? ` for ${sessionShareWords(priced.proRata)}` : '';
    const seats = priced.tier
      ? `the group price for ${people}${share} is ${formatUsd(priced.subtotalCents)}`
      : `${formatUsd(item.unitPriceCents)} x ${people}${share} = ${formatUsd(priced.subtotalCents)}`;
    const discounts = priced.lines.filter((l) => l.kind === 'sibling' || l.kind === 'discount-code');
    const rule = discounts.length
      ? `${seats}, ${discounts.map((l) => `${l.label} ${formatUsd(-l.amountCents)}`).join(', ')}: ${formatUsd(amountCents)}`
      : seats;
    throw validationError(
      `The total sent (${formatUsd(toCents(totalPrice))}) does not match the price: ${rule}. Please reload the page and try again.`,
      [{ path: 'totalPrice', message: `The total is ${formatUsd(amountCents)}.` }],
    );
  }
  return submission;
}

/** Each participant as the account held them: which saved child, with its date of birth and medical notes. */
function withSavedChildren(form: EnrollmentForm, family: FamilyParts): EnrollmentForm {
  return {
    ...form,
    participantDetails: form.participantDetails.map((p, i) => {
      const saved = family.children[i];
      return saved ? { ...p, ...saved } : p;
    }),
  };
}

/**
 * The signatures of a form sent the specification's way (no account): in the stricter categories
 * the contact agreed to the code of conduct and chose each child's photography under the release,
 * so the booking records both, for every participant, in the contact's name.
 */
function formWaivers(form: EnrollmentForm, table: WaiverTable, now: Date): EnrolledWaiver[] {
  if (!form.agreeToCodeOfConduct) return [];
  const signedName = `${form.firstName} ${form.lastName}`.trim();
  return form.participantDetails.flatMap((_, participant) =>
    WAIVER_DOCUMENTS.map((document) => ({
      participant,
      document,
      version: table[document].version,
      signedName,
      signedAt: now.toISOString(),
    })),
  );
}
