import { z } from 'zod';

/**
 * Staff roles. `owner` is the holder of ADMIN_KEY (configuration, one person); the owner gives each
 * named administrator `manager` or `instructor`. What a role may use is decided by area, in the
 * table below; service/admin/permissions.ts puts every admin route in one area, and the web admin
 * area hides what the table refuses.
 */
export const ADMINISTRATOR_ROLES = ['owner', 'manager', 'instructor'] as const;
export const AdministratorRoleSchema = z.enum(ADMINISTRATOR_ROLES);
export type AdministratorRole = z.infer<typeof AdministratorRoleSchema>;

/** The roles the owner gives; `owner` belongs to ADMIN_KEY alone. */
export const ASSIGNABLE_ROLES = ['manager', 'instructor'] as const;
export const AssignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: 'Choose a role: manager or instructor.' });
export type AssignableRole = z.infer<typeof AssignableRoleSchema>;

export const ROLE_LABELS: Record<AdministratorRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  instructor: 'Instructor',
};

/** What each role is for, as Settings describes it. */
export const ROLE_DESCRIPTIONS: Record<AssignableRole, string> = {
  manager:
    "Enrollments, payments and refunds, the catalogue, messages and rosters: everything but administrators and erasing a family's data.",
  instructor: "Only the rosters, attendance and the day's dashboard of the workshops they teach; nothing about money.",
};

/**
 * The admin area by concern. `other` is any admin route not put in an area (a route added later):
 * managers may use it, instructors may not, so a new route is never open to an instructor by accident.
 */
export const ADMIN_AREAS = [
  'session',
  'day',
  'rosters',
  'overview',
  'enrollments',
  'after-sale',
  'catalogue',
  'inquiries',
  'waitlists',
  /** Writing to a workshop's families (service/messages): e-mails to parents, in the school's name. */
  'messages',
  /** Discount codes, gift cards and the sibling discount (service/pricing, service/gift-cards): money. */
  'pricing',
  'administrators',
  /** The owner's reports and the journal export (service/reports): money. */
  'reports',
  /** Erasing a family's personal data and reading the access log (service/privacy): the owner's alone. */
  'privacy',
  /** The newsletter's announcements to every subscriber (service/newsletter): the owner's alone. */
  'announcements',
  /** The programs' income accounts in the journal (service/reports, Settings): the owner's alone. */
  'accounts',
  'other',
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** The one table of who may use what. */
export const ROLE_AREAS: Record<AdministratorRole, readonly AdminArea[]> = {
  owner: ADMIN_AREAS,
  manager: ADMIN_AREAS.filter(
    (area) => area !== 'administrators' && area !== 'privacy' && area !== 'announcements' && area !== 'accounts',
  ),
  instructor: ['session', 'day', 'rosters'],
};

/** Areas an instructor sees only for the workshops they teach (see `teaches`). */
export const TAUGHT_WORKSHOPS_ONLY: readonly AdminArea[] = ['day', 'rosters'];

export const mayUse = (role: AdministratorRole, area: AdminArea): boolean => ROLE_AREAS[role].includes(area);

/** The sentence of a 403: what the role may do, so the person knows where they stand. */
export const ROLE_ALLOWANCE: Record<AdministratorRole, string> = {
  owner: 'The owner may use all of the admin area.',
  manager:
    "Only the owner adds, changes and revokes administrators, erases a family's personal data, reads the access log, sends the newsletter's announcements and sets the programs' income accounts. As a manager you may use everything else in the admin area.",
  instructor:
    "As an instructor you may open the rosters, mark attendance and see the day's dashboard of the workshops you teach. Enrollments, payments, the catalogue, messages and administrators are for the school's managers.",
};

/** The 403 of an instructor asking for a workshop someone else teaches. */
export const NOT_TAUGHT =
  'As an instructor you may open the rosters and mark attendance of the workshops you teach; this workshop names another instructor.';

/**
 * How a person's name is compared: Unicode-normalised (NFKC), spaces at the ends dropped, runs of
 * spaces counted as one, letter case ignored. "  june   PARK " is June Park; "J. Park" is not.
 */
export const personKey = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Whether an administrator teaches a workshop: the workshop's `instructor` is the administrator's
 * name, compared by `personKey`. An empty instructor is nobody's.
 */
export function teaches(workshopInstructor: string | undefined, administratorName: string): boolean {
  const taught = personKey(workshopInstructor ?? '');
  return taught !== '' && taught === personKey(administratorName);
}

/** GET /api/admin/me: who holds the key of this request. */
export const AdminSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: AdministratorRoleSchema,
  /** The locations this administrator is limited to (issue 41); absent: every location. */
  locationIds: z.array(z.string()).optional(),
});
export type AdminSession = z.infer<typeof AdminSessionSchema>;
