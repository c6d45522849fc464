import { Hono } from 'hono';
import type { AppDeps } from '../core/deps.js';
import { adminGate } from './admin-gate.js';
import { adminCatalogueRoutes } from './catalogue-routes.js';
import { adminEnrollmentRoutes } from './enrollment-routes.js';
import { adminOverviewRoutes } from './overview-routes.js';
import { adminAdministratorRoutes } from './administrator-routes.js';
import { adminAfterSaleRoutes } from './after-sale-routes.js';
import { adminTransferOptionRoutes } from './transfer-options.js';
import { adminConfirmationResendRoutes } from './confirmation-resend-routes.js';
import { adminInstallmentRoutes } from './installment-routes.js';
import { adminWaitlistRoutes } from '../waitlist/admin-routes.js';
import { adminRosterRoutes } from './roster-routes.js';
import { adminMessageRoutes } from '../messages/admin-routes.js';
import { adminPrivacyRoutes } from '../privacy/admin-routes.js';
import { guardByRole } from './permissions.js';
import { adminPricingRoutes } from '../pricing/admin-routes.js';
import { adminGiftCardRoutes } from '../gift-cards/admin-routes.js';
import { adminCreditRoutes } from '../courses/admin-routes.js';
import { adminReportRoutes } from '../reports/routes.js';
import { adminAnnouncementRoutes } from '../newsletter/admin-routes.js';
import { administratorOf } from '../core/admin-identity.js';
import { adminInstructorRoutes } from '../instructors/admin-routes.js';
import { adminAppointmentTypeRoutes } from '../appointments/admin-routes.js';
import { adminOrganizationRoutes } from '../organizations/organization-routes.js';
import { adminQuoteRoutes } from '../organizations/quote-routes.js';
import { adminInvoiceRoutes } from '../organizations/invoice-routes.js';
import { adminReceivablesRoutes } from '../organizations/receivables-routes.js';
import { adminReviewRoutes } from '../reviews/admin-routes.js';
import { adminCertificateRoutes } from '../certificates/admin-routes.js';
import { adminLocationRoutes } from '../locations/admin-routes.js';

/**
 * Routes of the admin slice, mounted under /api; every /api/admin/* call passes the key gate, then
 * the role check (service/admin/permissions.ts), first.
 */
export function adminRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.use('/admin/*', adminGate(deps));
  guardByRole(app, '/admin', deps);
  // 204 means the key is right.
  app.get('/admin/session', (c) => c.body(null, 204));
  // The /admin screens ask this before they show anything: who holds the key, and so what to show.
  app.get('/admin/me', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(administratorOf(c)!);
  });
  app.route('/admin', adminCatalogueRoutes(deps));
  app.route('/admin', adminEnrollmentRoutes(deps));
  app.route('/admin', adminOverviewRoutes(deps));
  app.route('/admin', adminAdministratorRoutes(deps));
  app.route('/admin', adminAfterSaleRoutes(deps));
  app.route('/admin', adminTransferOptionRoutes(deps));
  app.route('/admin', adminConfirmationResendRoutes(deps));
  app.route('/admin', adminInstallmentRoutes(deps));
  app.route('/admin', adminWaitlistRoutes(deps));
  app.route('/admin', adminRosterRoutes(deps));
  app.route('/admin', adminMessageRoutes(deps));
  app.route('/admin', adminPricingRoutes(deps));
  app.route('/admin', adminGiftCardRoutes(deps));
  app.route('/admin', adminCreditRoutes(deps));
  app.route('/admin', adminPrivacyRoutes(deps));
  app.route('/admin', adminInstructorRoutes(deps));
  app.route('/admin', adminAppointmentTypeRoutes(deps));
  app.route('/admin', adminReportRoutes(deps));
  app.route('/admin', adminAnnouncementRoutes(deps));
  app.route('/admin', adminOrganizationRoutes(deps));
  app.route('/admin', adminQuoteRoutes(deps));
  app.route('/admin', adminInvoiceRoutes(deps));
  app.route('/admin', adminReceivablesRoutes(deps));
  app.route('/admin', adminReviewRoutes(deps));
  app.route('/admin', adminCertificateRoutes(deps));
  app.route('/admin', adminLocationRoutes(deps));
  return app;
}
