import { z } from 'zod';
import type { DomainEvent } from '../core/events.js';
import { emailAddress, personName } from '../core/text.js';
import { AdministratorRoleSchema, AssignableRoleSchema, type AssignableRole } from './roles.js';

/**
 * Every named administrator lives on ONE stream: a school has a handful of them, and keeping them
 * together lets the decider enforce "one active administrator per e-mail" with the stream's
 * expected revision, instead of a read-model check that two concurrent adds could both pass.
 */
export const ADMINISTRATORS_STREAM = 'administrators';

/** The owner's key is ADMIN_KEY (configuration), not an event; this is its id in metadata and the list. */
export const OWNER_ADMINISTRATOR = { id: 'owner', name: 'Owner' } as const;

export const AdministratorIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an administrator id (letters, digits and dashes)');

const administratorName = personName('Name', { error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.');
const administratorEmail = emailAddress()
  // E-mail addresses are compared without regard to case, so one person cannot be added twice.
  .transform((v) => v.toLowerCase());

/**
 * The locations an administrator is limited to (issue 41): none (absent or empty) means every
 * location. Each must be a location the school has (checked by the route: 400 naming locationIds).
 */
export const LocationIdsSchema = z
  .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be location ids'), { error: 'Give a list of location ids.' })
  .max(50, 'At most 50 locations.')
  .transform((ids) => [...new Set(ids)]);

/** POST /api/admin/administrators: a manager unless the owner says instructor; every location unless limited. */
export const AddAdministratorInputSchema = z.object({
  name: administratorName,
  email: administratorEmail,
  role: AssignableRoleSchema.default('manager'),
  locationIds: LocationIdsSchema.optional(),
});
export type AddAdministratorInput = z.infer<typeof AddAdministratorInputSchema>;
export type AddAdministratorValues = { name: string; email: string; role: AssignableRole };
export const EMPTY_ADMINISTRATOR_FORM: AddAdministratorValues = { name: '', email: '', role: 'manager' };

/** PATCH /api/admin/administrators/:id: the role, the locations (an empty list: every location), or both. */
export const ChangeAdministratorRoleInputSchema = z
  .object({ role: AssignableRoleSchema.optional(), locationIds: LocationIdsSchema.optional() })
  .refine((v) => v.role !== undefined || v.locationIds !== undefined, {
    message: 'Give a role or locationIds.',
    path: ['role'],
  });
export type ChangeAdministratorRoleInput = z.infer<typeof ChangeAdministratorRoleInputSchema>;

/** 200 answer of PATCH /api/admin/administrators/:id (the same role again changes nothing and answers the same). */
export const ChangedAdministratorRoleSchema = z.object({
  id: z.string(),
  role: AssignableRoleSchema,
  /** The locations the administrator is limited to; absent: every location. */
  locationIds: z.array(z.string()).optional(),
  /** Global position to read the list from (?minPosition). */
  position: z.string(),
});
export type ChangedAdministratorRole = z.infer<typeof ChangedAdministratorRoleSchema>;

/** 201 answer of POST /api/admin/administrators: the key, shown this once and never again. */
export const AddedAdministratorSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  /** Global position written, for ?minPosition on the list. */
  position: z.string(),
});
export type AddedAdministrator = z.infer<typeof AddedAdministratorSchema>;

/** One row of GET /api/admin/administrators: never a key or its hash. */
export const AdministratorSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** null for the owner, whose key comes from configuration. */
  email: z.string().nullable(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The owner (ADMIN_KEY) cannot be revoked here. */
  owner: z.boolean(),
  role: AdministratorRoleSchema,
  /** The locations the administrator is limited to; absent: every location. */
  locationIds: z.array(z.string()).optional(),
});
export type AdministratorSummary = z.infer<typeof AdministratorSummarySchema>;

/** 200 answer of DELETE /api/admin/administrators/:id */
export const RevokedAdministratorSchema = z.object({ id: z.string(), position: z.string() });
export type RevokedAdministrator = z.infer<typeof RevokedAdministratorSchema>;

// Events: past-tense facts, never renamed.

/**
 * Identifies one change to the administrators (added, role changed, revoked), for the e-mail that
 * tells the owner of it: one e-mail per change id. Changes recorded before these e-mails existed
 * have none and are not e-mailed.
 */
const ChangeIdSchema = z.string().min(1).max(64);

export const AdministratorAddedSchema = z.object({
  administratorId: AdministratorIdSchema,
  name: z.string().min(1).max(100),
  email: z.string().min(1).max(254),
  /** SHA-256 of the key, hex. The key itself is never stored. */
  keyHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** Administrators added before roles existed could do everything but administrators: managers. */
  role: AssignableRoleSchema.default('manager'),
  changeId: ChangeIdSchema.optional(),
  /** Limited to these locations (issue 41); absent or empty: every location. */
  locationIds: z.array(z.string().min(1).max(64)).optional(),
});
export const AdministratorRevokedSchema = z.object({
  administratorId: AdministratorIdSchema,
  changeId: ChangeIdSchema.optional(),
});
export const AdministratorRoleChangedSchema = z.object({
  administratorId: AdministratorIdSchema,
  role: AssignableRoleSchema,
  previousRole: AssignableRoleSchema,
  changeId: ChangeIdSchema,
});
/** The locations an administrator is limited to were changed (issue 41); an empty list: every location. */
export const AdministratorLocationsChangedSchema = z.object({
  administratorId: AdministratorIdSchema,
  locationIds: z.array(z.string().min(1).max(64)),
  previousLocationIds: z.array(z.string().min(1).max(64)),
  changeId: ChangeIdSchema,
});
/** The owner was e-mailed about one change (service/admin/administrator-change-email-reactor.ts). */
export const AdministratorChangeNoticeSentSchema = z.object({
  changeId: ChangeIdSchema,
  messageId: z.string().min(1).max(300),
  transport: z.enum(['smtp', 'outbox']),
  at: z.string().datetime({ offset: true }),
});

export type AdministratorEvent =
  | DomainEvent<'AdministratorAdded', z.infer<typeof AdministratorAddedSchema>>
  | DomainEvent<'AdministratorRevoked', z.infer<typeof AdministratorRevokedSchema>>
  | DomainEvent<'AdministratorRoleChanged', z.infer<typeof AdministratorRoleChangedSchema>>
  | DomainEvent<'AdministratorLocationsChanged', z.infer<typeof AdministratorLocationsChangedSchema>>
  | DomainEvent<'AdministratorChangeNoticeSent', z.infer<typeof AdministratorChangeNoticeSentSchema>>;

/** The events that change who is an administrator, or with what role: each is e-mailed to the owner. */
export type AdministratorChangeEvent = Extract<
  AdministratorEvent,
  { type: 'AdministratorAdded' | 'AdministratorRevoked' | 'AdministratorRoleChanged' }
>;
export const ADMINISTRATOR_CHANGE_TYPES = [
  'AdministratorAdded',
  'AdministratorRevoked',
  'AdministratorRoleChanged',
] as const satisfies readonly AdministratorChangeEvent['type'][];

export const administratorEventSchemas = {
  AdministratorAdded: AdministratorAddedSchema,
  AdministratorRevoked: AdministratorRevokedSchema,
  AdministratorRoleChanged: AdministratorRoleChangedSchema,
  AdministratorLocationsChanged: AdministratorLocationsChangedSchema,
  AdministratorChangeNoticeSent: AdministratorChangeNoticeSentSchema,
};
export const ADMINISTRATOR_EVENT_TYPES = Object.keys(administratorEventSchemas) as AdministratorEvent['type'][];
