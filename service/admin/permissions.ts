import type { Context, Hono, MiddlewareHandler } from 'hono';
import {
  NOT_TAUGHT,
  ROLE_ALLOWANCE,
  TAUGHT_WORKSHOPS_ONLY,
  mayUse,
  teaches,
  type AdminArea,
} from '../../contracts/admin/roles.js';
import type { AppDeps } from '../core/deps.js';
import { administratorOf } from '../core/admin-identity.js';
import { forbidden } from '../core/errors.js';
import { findWorkshop } from '../catalogue/queries.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { EnrollmentRowDoc } from '../../projections/admin/enrollments.js';
import { readCertificate } from '../certificates/routes.js';
import { OTHER_LOCATION, locationLimit, withinLimit } from './location-scope.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ALL';

interface RouteArea {
  method: Method;
  /** As Hono writes it, under /api/admin. */
  path: string;
  area: AdminArea;
  /**
   * The path parameter naming the workshop: an instructor reaches it only when they teach it (in
   * the areas TAUGHT_WORKSHOPS_ONLY), a location-limited administrator only at their locations.
   */
  workshopParam?: string;
  /** The path parameter naming an enrollment: a location-limited administrator reaches it only at their locations. */
  enrollmentParam?: string;
  /** The path parameter naming a certificate: a location-limited administrator reaches it only when its class was held at their locations. */
  certificateParam?: string;
  /** The path parameter naming a location: a location-limited administrator changes only her own. */
  locationParam?: string;
  /** Acts on the whole school (opens a location): never a location-limited administrator's. */
  wholeSchool?: true;
}

/**
 * Opening a location is the school's; changing one (its rooms, hours) is its own staff's. Apart
 * from the table below: /admin/locations/:id reads as the public /locations/:slug page, and the
 * architecture test takes an array naming two pages for a page table.
 */
const LOCATION_ROUTE_AREAS: readonly RouteArea[] = [
  { method: 'POST', path: '/locations', area: 'other', wholeSchool: true },
  { method: 'PUT', path: '/locations/:id', area: 'other', locationParam: 'id' },
];

/**
 * Every admin route by area. With ROLE_AREAS (contracts/admin/roles.ts) this is the one place that
 * says who may use what; the routes themselves check nothing. First match wins. A route missing
 * here is `other`: the owner's and managers', never an instructor's.
 */
export const ADMIN_ROUTE_AREAS: readonly RouteArea[] = [
  { method: 'GET', path: '/session', area: 'session' },
  { method: 'GET', path: '/me', area: 'session' },
  { method: 'GET', path: '/dashboard/day', area: 'day' },
  { method: 'GET', path: '/workshops/:id/roster', area: 'rosters', workshopParam: 'id' },
  { method: 'GET', path: '/workshops/:id/roster.csv', area: 'rosters', workshopParam: 'id' },
  { method: 'POST', path: '/workshops/:id/attendance', area: 'rosters', workshopParam: 'id' },
  { method: 'POST', path: '/workshops/:id/collected', area: 'rosters', workshopParam: 'id' },
  { method: 'POST', path: '/workshops/:id/attendance/undo', area: 'rosters', workshopParam: 'id' },
  { method: 'POST', path: '/workshops/:id/collected/undo', area: 'rosters', workshopParam: 'id' },
  { method: 'GET', path: '/dashboard', area: 'overview' },
  // The tracker, its export, one enrollment in full and its history.
  { method: 'GET', path: '/enrollments', area: 'enrollments' },
  { method: 'GET', path: '/enrollments/export.csv', area: 'enrollments' },
  { method: 'GET', path: '/enrollments/:id', area: 'enrollments', enrollmentParam: 'id' },
  { method: 'GET', path: '/enrollments/:id/*', area: 'enrollments', enrollmentParam: 'id' },
  { method: 'GET', path: '/enrollments/*', area: 'enrollments' },
  // Cancel with a refund, retry a refund, transfer, resend the confirmation.
  { method: 'ALL', path: '/enrollments/:id/*', area: 'after-sale', enrollmentParam: 'id' },
  { method: 'ALL', path: '/enrollments/*', area: 'after-sale' },
  { method: 'GET', path: '/workshops/:id/waitlist', area: 'waitlists', workshopParam: 'id' },
  // Messages to a workshop's families: the school's voice to every parent, so not an instructor's.
  { method: 'ALL', path: '/workshops/:id/messages', area: 'messages', workshopParam: 'id' },
  { method: 'ALL', path: '/workshops/:id/messages/*', area: 'messages', workshopParam: 'id' },
  // Take a family off the list, offer it seats now.
  { method: 'DELETE', path: '/workshops/:id/waitlist/:entryId', area: 'waitlists', workshopParam: 'id' },
  { method: 'POST', path: '/workshops/:id/waitlist/:entryId/offer', area: 'waitlists', workshopParam: 'id' },
  // A program's income account in the journal (Settings): the owner's, before the catalogue's programs.
  { method: 'PUT', path: '/programs/:id/income-account', area: 'accounts' },
  { method: 'ALL', path: '/programs', area: 'catalogue' },
  { method: 'ALL', path: '/programs/*', area: 'catalogue' },
  { method: 'ALL', path: '/workshops', area: 'catalogue' },
  { method: 'ALL', path: '/workshops/:id', area: 'catalogue', workshopParam: 'id' },
  // How many bookings a change of date, time or place moves: the workshop form's notice.
  { method: 'GET', path: '/workshops/:id/bookings', area: 'catalogue', workshopParam: 'id' },
  { method: 'ALL', path: '/inquiries', area: 'inquiries' },
  { method: 'ALL', path: '/inquiries/*', area: 'inquiries' },
  // The school's prices: discount codes, gift cards, the sibling discount (Settings).
  { method: 'ALL', path: '/discount-codes', area: 'pricing' },
  { method: 'ALL', path: '/discount-codes/*', area: 'pricing' },
  // (':code?' also matches the list, and is no page path: /gift-cards is a page too.)
  { method: 'ALL', path: '/gift-cards/:code?', area: 'pricing' },
  // The sibling discount applies at every location: the school's to change.
  { method: 'PUT', path: '/settings', area: 'pricing', wholeSchool: true },
  { method: 'ALL', path: '/settings', area: 'pricing' },
  // Erasing a family's personal data, and the access log of who read children's details.
  { method: 'ALL', path: '/privacy/*', area: 'privacy' },
  // The owner's reports and the accountant's journal (issue 42): money, so not an instructor's.
  { method: 'GET', path: '/reports/*', area: 'reports' },
  { method: 'GET', path: '/exports/*', area: 'reports' },
  // The newsletter's announcements: written, tried and sent by the owner.
  { method: 'ALL', path: '/announcements', area: 'announcements' },
  { method: 'ALL', path: '/announcements/*', area: 'announcements' },
  // Certificates of completion: a workshop's, and one by its number (revoke, correct the name, the PDF).
  { method: 'ALL', path: '/workshops/:id/certificates', area: 'other', workshopParam: 'id' },
  { method: 'ALL', path: '/certificates/:number/*', area: 'other', certificateParam: 'number' },
  ...LOCATION_ROUTE_AREAS,
  // Moderating a review, known by its booking.
  { method: 'POST', path: '/reviews/:id/hide', area: 'other', enrollmentParam: 'id' },
  { method: 'POST', path: '/reviews/:id/reply', area: 'other', enrollmentParam: 'id' },
  // Settings: the administrators and their roles.
  { method: 'ALL', path: '/administrators', area: 'administrators' },
  { method: 'ALL', path: '/administrators/*', area: 'administrators' },
];

const ANOTHER_LOCATION =
  'Your access is limited to your location; this is another location. Ask the owner if it needs changing.';
const WHOLE_SCHOOL = 'Your access is limited to your location; this changes the whole school. Ask the owner.';

const MATCHED = 'adminRouteArea';
interface Matched {
  area: AdminArea;
  workshopId?: string;
  enrollmentId?: string;
  certificateNumber?: string;
  locationId?: string;
  wholeSchool?: true;
}

const matchedOf = (c: Context): Matched => (c.get(MATCHED) as Matched | undefined) ?? { area: 'other' };

/**
 * Puts the role check in front of every admin route under `prefix` (after the key gate): each
 * route's area is marked by Hono's own router (the same matching that picks the handler), then one
 * middleware refuses what the holder's role may not use with 403 and the sentence of what the role
 * may do. An instructor reaches a workshop's roster and attendance only when they teach it.
 */
export function guardByRole(app: Hono, prefix: string, deps: AppDeps): void {
  for (const rule of ADMIN_ROUTE_AREAS) {
    const mark: MiddlewareHandler = async (c, next) => {
      if (!c.get(MATCHED)) {
        const workshopId = rule.workshopParam ? c.req.param(rule.workshopParam) : undefined;
        const enrollmentId = rule.enrollmentParam ? c.req.param(rule.enrollmentParam) : undefined;
        const certificateNumber = rule.certificateParam ? c.req.param(rule.certificateParam) : undefined;
        const locationId = rule.locationParam ? c.req.param(rule.locationParam) : undefined;
        const { area, wholeSchool } = rule;
        c.set(MATCHED, {
          area,
          workshopId,
          enrollmentId,
          certificateNumber,
          locationId,
          wholeSchool,
        } satisfies Matched);
      }
      await next();
    };
    if (rule.method === 'ALL') app.all(`${prefix}${rule.path}`, mark);
    else app.on(rule.method, `${prefix}${rule.path}`, mark);
  }

  app.use(`${prefix}/*`, async (c, next) => {
    const who = administratorOf(c);
    if (!who) throw new Error('guardByRole runs after the admin key gate');
    const { area, workshopId, enrollmentId, certificateNumber, locationId, wholeSchool } = matchedOf(c);
    if (!mayUse(who.role, area)) throw forbidden(ROLE_ALLOWANCE[who.role]);
    const limit = locationLimit(c);
    if (workshopId !== undefined && (limit || taughtOnly(who.role, area))) {
      const workshop = await findWorkshop(deps.readStore, workshopId);
      // An unknown workshop is the route's to answer (404), as for anyone.
      if (workshop && !withinLimit(limit, workshop)) throw forbidden(OTHER_LOCATION);
      if (workshop && taughtOnly(who.role, area) && !teaches(workshop.instructor, who.name))
        throw forbidden(NOT_TAUGHT);
    }
    if (enrollmentId !== undefined && limit) await enrollmentWithin(deps, enrollmentId, limit);
    if (limit && (wholeSchool || (locationId !== undefined && !limit.includes(locationId))))
      throw forbidden(locationId !== undefined ? ANOTHER_LOCATION : WHOLE_SCHOOL);
    if (certificateNumber !== undefined && limit) await certificateWithin(deps, certificateNumber, limit);
    await next();
  });
}

/** A booking of a workshop at another location (or of one no longer scheduled) is refused to a limited administrator. */
async function enrollmentWithin(deps: AppDeps, enrollmentId: string, limit: readonly string[]): Promise<void> {
  const row = await deps.readStore.get<EnrollmentRowDoc>('enrollments', enrollmentId);
  if (!row) return;
  const workshop = row.doc.workshopId ? await findWorkshop(deps.readStore, row.doc.workshopId) : null;
  if (!workshop || !withinLimit(limit, workshop)) throw forbidden(OTHER_LOCATION);
}

/** A certificate of a class held at another location is refused to a limited administrator; an unknown number is the route's 404. */
async function certificateWithin(deps: AppDeps, number: string, limit: readonly string[]): Promise<void> {
  const record = await readCertificate(deps, number);
  if (!record) return;
  const workshop = await findWorkshop(deps.readStore, record.issued.workshopId);
  if (!workshop || !withinLimit(limit, workshop)) throw forbidden(OTHER_LOCATION);
}

const taughtOnly = (role: string, area: AdminArea) => role === 'instructor' && TAUGHT_WORKSHOPS_ONLY.includes(area);

/**
 * For a route that lists workshops (the day's dashboard): which workshops this request may see, by
 * their instructor (an instructor's own) and their location (a limited administrator's), or null
 * for all of them.
 */
export function workshopFilter(
  c: Context,
): ((workshop: Pick<Workshop, 'instructor' | 'locationId'>) => boolean) | null {
  const who = administratorOf(c);
  const limit = locationLimit(c);
  const taught = who !== undefined && taughtOnly(who.role, matchedOf(c).area);
  if (!who || (!taught && !limit)) return null;
  return (w) => withinLimit(limit, w) && (!taught || teaches(w.instructor, who.name));
}
