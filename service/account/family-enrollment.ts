import type { Context } from 'hono';
import { z } from 'zod';
import { SignatureInputSchema } from '../../contracts/account/api.js';
import { ageAtWorkshop } from '../../contracts/account/age.js';
import { ChildIdSchema } from '../../contracts/account/child.js';
import { householdStream } from '../../contracts/account/events.js';
import { asksChildDetails } from '../../contracts/enrollment/form.js';
import {
  CURRENT_WAIVERS,
  isCurrentSignature,
  WAIVER_DOCUMENTS,
  type EnrolledWaiver,
} from '../../contracts/policies/waivers.js';
import type { HouseholdChildEntry } from '../../projections/account/households.js';
import { findWorkshop } from '../catalogue/queries.js';
import type { AppDeps } from '../core/deps.js';
import { AppError, forbidden, notFound, validationError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { isSameOrigin, SAME_ORIGIN_ONLY } from '../core/same-origin.js';
import { clientAddress } from '../core/client-address.js';
import { describeIssues } from '../core/validate.js';
import { WORKSHOP_NOT_FOUND, type FamilyParts } from '../enrollment/sale/enroll-workshop.js';
import { familyOf, signInFirst } from './family-session.js';
import { householdDecider } from './household-decider.js';
import { CHILD_NOT_FOUND } from './refusal-answers.js';

/**
 * What `POST /api/enroll/workshop/:id` takes from a signed-in parent instead of typed participants:
 * which saved children come, and a signature for each child whose documents are not signed for
 * this school year (a new version asks again). Contact fields may be left out: the household's
 * are used.
 */
export const FamilyEnrollExtrasSchema = z.object({
  childIds: z
    .array(ChildIdSchema, { error: 'childIds must be a list of your saved children.' })
    .min(1, 'Choose at least one child.')
    .max(5, 'Maximum 5 participants allowed per registration.')
    .refine((ids) => new Set(ids).size === ids.length, 'Each child can come once.'),
  signatures: z.array(SignatureInputSchema).max(5).optional().default([]),
});

const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'parent2Name',
  'parent2Email',
  'parent2Phone',
  'emergencyContact1Name',
  'emergencyContact1Phone',
  'emergencyContact1Relationship',
  'emergencyContact2Name',
  'emergencyContact2Phone',
  'emergencyContact2Relationship',
] as const;

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The enroll body of a signed-in family: the form as the household and its saved children fill it
 * (each child's age at the workshop's start, from the date of birth), missing signatures signed
 * now, and what the account adds (the household, the children's ids, the signatures relied on).
 * Null when the body names no `childIds` (a form typed by hand, with or without an account).
 */
export async function familyEnrollment(
  c: Context,
  deps: AppDeps,
  workshopId: string,
  body: Record<string, unknown>,
): Promise<{ body: Record<string, unknown>; family: FamilyParts } | null> {
  if (body.childIds === undefined) return null;
  if (!isSameOrigin(deps, c)) throw forbidden(SAME_ORIGIN_ONLY);
  const extras = FamilyEnrollExtrasSchema.safeParse(body);
  if (!extras.success) {
    const { message, issues } = describeIssues(extras.error);
    throw validationError(message, issues);
  }
  const family = await familyOf(c, deps);
  if (!family) throw signInFirst();
  const workshop = await findWorkshop(deps.readStore, workshopId);
  if (!workshop) throw notFound(WORKSHOP_NOT_FOUND);

  const { childIds, signatures } = extras.data;
  const saved = new Map(family.household.children.filter((c) => c.removedAt === null).map((c) => [c.id, c]));
  const children = childIds.map((id, i): HouseholdChildEntry & { dateOfBirth: string } => {
    const child = saved.get(id);
    if (!child)
      throw new AppError('not_found', CHILD_NOT_FOUND, {
        issues: [{ path: `childIds.${i}`, message: CHILD_NOT_FOUND }],
      });
    if (!child.dateOfBirth) {
      const message = `Please add ${firstName(child.name)}’s date of birth on your family page first.`;
      throw validationError(message, [{ path: `childIds.${i}`, message }]);
    }
    return { ...child, dateOfBirth: child.dateOfBirth };
  });

  const strict = asksChildDetails(workshop);
  const waivers = strict ? await signedWaivers(c, deps, family, children, signatures) : [];
  const { household } = family;
  const contact = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, body[field] ?? household.details[field]]));
  const { childIds: _ids, signatures: _signatures, ...rest } = body;
  return {
    body: {
      ...rest,
      ...contact,
      email: body.email ?? family.email,
      participants: children.length,
      participantDetails: children.map((child) => ({
        name: child.name,
        age: ageAtWorkshop(child.dateOfBirth, workshop),
        grade: child.grade,
        school: child.school,
        hasDietaryRestrictions: child.hasDietaryRestrictions,
        dietaryRestrictions: child.dietaryRestrictions,
        photographyConsent: child.photographyConsent,
        allowNameWithPhoto: child.allowNameWithPhoto,
        photographyOptOut: child.photographyOptOut,
      })),
      // Each child's signature for this school year stands for the form's agreement.
      ...(strict ? { agreeToCodeOfConduct: true } : {}),
    },
    family: {
      householdId: family.householdId,
      children: children.map((c) => ({ childId: c.id, dateOfBirth: c.dateOfBirth, medicalNotes: c.medicalNotes })),
      waivers,
    },
  };
}

/**
 * Every document signed for every child coming, for the version in force and this school year:
 * signatures already given count; a child without one needs its signature in this request (typed
 * full name), signed now on the household's stream; else 400 naming that child's signature field.
 */
async function signedWaivers(
  c: Context,
  deps: AppDeps,
  family: NonNullable<Awaited<ReturnType<typeof familyOf>>>,
  children: (HouseholdChildEntry & { dateOfBirth: string })[],
  given: { childId: string; signedName: string }[],
): Promise<EnrolledWaiver[]> {
  const table = deps.waivers ?? CURRENT_WAIVERS;
  const now = deps.clock();
  const latest = (childId: string, document: (typeof WAIVER_DOCUMENTS)[number]) =>
    family.household.signatures.filter((s) => s.childId === childId && s.document === document).at(-1);
  const toSign: {
    childId: string;
    document: (typeof WAIVER_DOCUMENTS)[number];
    version: string;
    signedName: string;
  }[] = [];
  const issues: { path: string; message: string }[] = [];
  const waivers: EnrolledWaiver[] = [];
  children.forEach((child, participant) => {
    for (const document of WAIVER_DOCUMENTS) {
      const signature = latest(child.id, document);
      if (signature && isCurrentSignature(signature, table, now)) {
        const { version, signedName, signedAt } = signature;
        waivers.push({ participant, childId: child.id, document, version, signedName, signedAt });
        continue;
      }
      const typed = given.find((g) => g.childId === child.id);
      if (!typed) {
        const message = `Please sign the ${table[document].title} for ${firstName(child.name)}: type your full name.`;
        if (!issues.some((i) => i.path === `signatures.${participant}.signedName`))
          issues.push({ path: `signatures.${participant}.signedName`, message });
        continue;
      }
      toSign.push({ childId: child.id, document, version: table[document].version, signedName: typed.signedName });
      waivers.push({
        participant,
        childId: child.id,
        document,
        version: table[document].version,
        signedName: typed.signedName,
        signedAt: now.toISOString(),
      });
    }
  });
  if (issues.length > 0) throw validationError(issues[0]!.message, issues);
  if (toSign.length > 0) {
    await deps.commands.handle(
      householdDecider,
      householdStream(family.householdId),
      {
        type: 'SignWaivers',
        signatures: toSign,
        parentId: family.parentId,
        clientKey: pseudonymsFor(deps.config).client(clientAddress(c)),
        at: now.toISOString(),
      },
      requestMetadata(c, deps, 'visitor'),
    );
  }
  return waivers;
}

/**
 * The household of a parent signed in on this site (a page of ours sent the request), else null:
 * an enrollment typed by hand still uses its credit and the sibling discount.
 */
export async function signedInHousehold(c: Context, deps: AppDeps): Promise<string | null> {
  if (!isSameOrigin(deps, c)) return null;
  return (await familyOf(c, deps))?.householdId ?? null;
}
