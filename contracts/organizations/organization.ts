import { z } from 'zod';
import { oneLineText, personName } from '../core/text.js';

/**
 * An organization that buys by quote and invoice (issue 39), stream `organization-<id>`: its name,
 * billing address and tax id (the school's customer as a business, kept in clear like an order's
 * figures) and its contact, whose name, e-mail and phone are personal data sealed under the
 * organization's own key (contracts/privacy/organizations.ts) and erased with it.
 */
export const organizationStream = (organizationId: string) => `organization-${organizationId}`;
export const ORGANIZATION_STREAM_PREFIX = 'organization-';

export const OrganizationIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an organization id');
const Instant = z.string().datetime({ offset: true });

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;
const required = (label: string, max: number) =>
  oneLineText(label, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, tooLong(label, max));
const optional = (label: string, max: number) =>
  oneLineText(label).trim().max(max, tooLong(label, max)).optional().default('');

export const BillingAddressSchema = z.object(
  {
    line1: required('Address line 1', 200),
    line2: optional('Address line 2', 200),
    city: required('City', 100),
    state: required('State', 100),
    postalCode: required('Postal code', 20),
    country: required('Country', 100),
  },
  { error: 'Billing address is required.' },
);
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

/** POST and PUT /api/admin/organizations, and the organization part of a self-serve invoice checkout. */
export const OrganizationInputSchema = z.object({
  name: required('Organization name', 200),
  contactName: personName('Contact name', { error: 'Contact name is required.' })
    .trim()
    .min(2, 'Contact name must be at least 2 characters.')
    .max(200, tooLong('Contact name', 200)),
  contactEmail: z
    .string({ error: 'Contact email is required.' })
    .trim()
    .min(1, 'Contact email is required.')
    .max(254, tooLong('Contact email', 254))
    .pipe(z.email('Please enter a valid email address for the contact.')),
  contactPhone: optional('Contact phone', 40),
  billingAddress: BillingAddressSchema,
  taxId: optional('Tax id', 60),
});
export type OrganizationInput = z.infer<typeof OrganizationInputSchema>;

/** What the stream records of an organization: the input as validated. */
const StoredOrganizationSchema = z.object({
  name: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  billingAddress: z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  taxId: z.string(),
});
export type OrganizationRecord = z.infer<typeof StoredOrganizationSchema>;

export const OrganizationRegisteredSchema = StoredOrganizationSchema.extend({
  organizationId: OrganizationIdSchema,
  registeredAt: Instant,
  /** How it came: the office's form, or a self-serve invoice checkout on an enroll page. */
  source: z.enum(['office', 'self-serve']),
});
export const OrganizationUpdatedSchema = StoredOrganizationSchema.extend({
  organizationId: OrganizationIdSchema,
  updatedAt: Instant,
});

export const organizationEventSchemas = {
  OrganizationRegistered: OrganizationRegisteredSchema,
  OrganizationUpdated: OrganizationUpdatedSchema,
} as const;

export type OrganizationEvent =
  | { type: 'OrganizationRegistered'; data: z.infer<typeof OrganizationRegisteredSchema> }
  | { type: 'OrganizationUpdated'; data: z.infer<typeof OrganizationUpdatedSchema> };

/** 201 answer of POST /api/admin/organizations. */
export const OrganizationCreatedSchema = z.object({ organizationId: z.string(), position: z.string() });
export type OrganizationCreated = z.infer<typeof OrganizationCreatedSchema>;

/** One organization as the admin area lists it (GET /api/admin/organizations). */
export const OrganizationSummarySchema = StoredOrganizationSchema.extend({
  id: z.string(),
  registeredAt: z.string(),
  quotes: z.number().int().nonnegative(),
  invoices: z.number().int().nonnegative(),
  /** Seats bought on invoices not voided. */
  seats: z.number().int().nonnegative(),
  invoicedCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type OrganizationSummary = z.infer<typeof OrganizationSummarySchema>;

export const OrganizationListQuerySchema = z.object({
  q: z.string().trim().max(200, 'q must be at most 200 characters.').optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});
