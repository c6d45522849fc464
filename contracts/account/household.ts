import { z } from 'zod';
import type { FormValues } from '../core/form-values.js';
import { ENROLLMENT_FORM_SHAPE } from '../enrollment/form.js';
import { nameText, text } from '../enrollment/fields.js';

/** A family account's id (random, no personal data): its stream is `household-<id>`. */
export const HouseholdIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a household id');
export const ParentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a parent id');

export const MAX_PICKUP_ADULTS = 8;

/** An adult the family allows to collect its children, as the roster lists them. */
export const PickupAdultSchema = z.object({
  name: nameText('Name', 200, 'Name is required.').min(1, 'Name is required.'),
  relationship: text('Relationship', 100).optional().default(''),
  phone: text('Phone', 40).optional().default(''),
});
export type PickupAdult = z.output<typeof PickupAdultSchema>;

const f = ENROLLMENT_FORM_SHAPE;

/**
 * The household's own details (`GET`/`PUT /api/account/household`): the signed-in parent's name and
 * phone, the second parent, the two emergency contacts (the enroll form's fields and rules, one
 * source) and the adults allowed to collect the children. An enrollment with saved children uses
 * them for the form's contact and family fields.
 */
export const HouseholdDetailsInputSchema = z.object({
  firstName: f.firstName,
  lastName: f.lastName,
  phone: f.phone,
  parent2Name: f.parent2Name,
  parent2Email: f.parent2Email,
  parent2Phone: f.parent2Phone,
  emergencyContact1Name: f.emergencyContact1Name,
  emergencyContact1Phone: f.emergencyContact1Phone,
  emergencyContact1Relationship: f.emergencyContact1Relationship,
  emergencyContact2Name: f.emergencyContact2Name,
  emergencyContact2Phone: f.emergencyContact2Phone,
  emergencyContact2Relationship: f.emergencyContact2Relationship,
  pickupAdults: z
    .array(PickupAdultSchema)
    .max(MAX_PICKUP_ADULTS, `At most ${MAX_PICKUP_ADULTS} adults on the pick-up list.`)
    .optional()
    .default([]),
});
export type HouseholdDetailsInput = z.input<typeof HouseholdDetailsInputSchema>;
export type HouseholdDetailsValues = FormValues<typeof HouseholdDetailsInputSchema>;

/** The stored shape (events, read models). */
export const HouseholdDetailsDataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  parent2Name: z.string(),
  parent2Email: z.string(),
  parent2Phone: z.string(),
  emergencyContact1Name: z.string(),
  emergencyContact1Phone: z.string(),
  emergencyContact1Relationship: z.string(),
  emergencyContact2Name: z.string(),
  emergencyContact2Phone: z.string(),
  emergencyContact2Relationship: z.string(),
  pickupAdults: z.array(z.object({ name: z.string(), relationship: z.string(), phone: z.string() })),
});
export type HouseholdDetails = z.infer<typeof HouseholdDetailsDataSchema>;

export const EMPTY_HOUSEHOLD_DETAILS: HouseholdDetails = {
  firstName: '',
  lastName: '',
  phone: '',
  parent2Name: '',
  parent2Email: '',
  parent2Phone: '',
  emergencyContact1Name: '',
  emergencyContact1Phone: '',
  emergencyContact1Relationship: '',
  emergencyContact2Name: '',
  emergencyContact2Phone: '',
  emergencyContact2Relationship: '',
  pickupAdults: [],
};

export const EMPTY_HOUSEHOLD_FORM: HouseholdDetailsValues = { ...EMPTY_HOUSEHOLD_DETAILS };

/** Which top-level fields differ, for the history (names fields, never values). */
export const changedHouseholdFields = (a: HouseholdDetails, b: HouseholdDetails): string[] =>
  (Object.keys(EMPTY_HOUSEHOLD_DETAILS) as (keyof HouseholdDetails)[]).filter(
    (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
  );

/**
 * The adults who may collect a child of this household, by name: its parents (the contact and the
 * second parent) and the pick-up list.
 */
export function pickupListOf(details: HouseholdDetails): PickupAdult[] {
  const parent = `${details.firstName} ${details.lastName}`.trim();
  return [
    ...(parent ? [{ name: parent, relationship: 'Parent', phone: details.phone }] : []),
    ...(details.parent2Name.trim()
      ? [{ name: details.parent2Name.trim(), relationship: 'Parent', phone: details.parent2Phone }]
      : []),
    ...details.pickupAdults,
  ];
}
