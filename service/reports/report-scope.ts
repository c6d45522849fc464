import type { MiddlewareHandler } from 'hono';
import { locationLimit } from '../core/admin-identity.js';
import { forbidden } from '../core/errors.js';

/** The reports that take `?locationId=` and so can hold one location's figures alone. */
const BY_LOCATION = /\/reports\/(revenue|funnel)(\.svg)?$/;

const SCHOOL_WIDE =
  'Your access is limited to your location; this report holds the whole school’s figures. Ask the owner for it.';
const chooseYours = (limit: readonly string[]) =>
  `Your access is limited to your location; choose it with locationId (${limit.join(', ')}).`;

/**
 * A location-limited administrator reads only her locations' figures (issue 41 item 5): the
 * revenue report and the funnel with `locationId` one of hers (none would be every location's);
 * the liabilities, attendance and instructors reports and the journal have no location filter, so
 * they stay the owner's and unlimited managers'. Everyone else passes unchanged.
 */
export const reportScope: MiddlewareHandler = async (c, next) => {
  const limit = locationLimit(c);
  if (limit) {
    if (!BY_LOCATION.test(c.req.path)) throw forbidden(SCHOOL_WIDE);
    const asked = c.req.query('locationId');
    if (!asked || !limit.includes(asked)) throw forbidden(chooseYours(limit));
  }
  await next();
};
