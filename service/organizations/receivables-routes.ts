import { Hono } from 'hono';
import { z } from 'zod';
import { OrganizationListQuerySchema, type OrganizationSummary } from '../../contracts/organizations/organization.js';
import { ORGANIZATIONS, type OrganizationDoc } from '../../projections/organizations/organizations.js';
import { INVOICES, type InvoiceDoc } from '../../projections/organizations/invoices.js';
import type { AppDeps } from '../core/deps.js';
import { recordAccess } from '../core/access-log.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { validate } from '../core/validate.js';
import { TOTAL_COUNT_HEADER } from '../../contracts/admin/paging.js';
import { schoolDay } from '../core/school-day.js';
import { RECEIVABLES, receivables, receivablesCsv } from './receivables.js';

const InvoiceListQuerySchema = MinPositionQuerySchema.extend({
  status: z.enum(RECEIVABLES, { error: 'status must be one of open, overdue, paid, void.' }).optional(),
  organizationId: z.string().max(64).optional(),
});

/**
 * The office's read side of organizations, mounted under /api/admin:
 * - GET /organizations?q&page&pageSize: searched by name, contact or e-mail, each with its quotes,
 *   invoices, seats and money (invoiced, paid, owed) from the invoices read model, counted once;
 * - GET /invoices?status=open|overdue|paid|void&organizationId: the receivables, by due date;
 * - GET /invoices/export.csv (same filters): the same as the office's spreadsheet.
 */
export function adminReceivablesRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get(
    '/organizations',
    validate('query', OrganizationListQuerySchema.extend(MinPositionQuerySchema.shape)),
    async (c) => {
      const { q, page, pageSize, minPosition } = c.req.valid('query');
      await awaitProjections(deps, minPosition, [ORGANIZATIONS, INVOICES]);
      const { items, total } = await deps.readStore.findWithTotal<OrganizationDoc>(ORGANIZATIONS, {
        ...(q ? { search: { text: q, fields: ['name', 'contactName', 'contactEmail', 'taxId'] } } : {}),
        sort: [{ field: 'name', direction: 'asc' }],
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      const invoices = items.length
        ? (
            await deps.readStore.find<InvoiceDoc>(INVOICES, {
              where: { organizationId: items.map((i) => i.id) },
            })
          ).items.map((i) => i.doc)
        : [];
      // The contacts' names and e-mails: a read of personal data.
      await recordAccess(deps, c, { kind: 'organizations', search: Boolean(q) });
      c.header(TOTAL_COUNT_HEADER, String(total));
      return c.json(
        items.map(({ doc }): OrganizationSummary => {
          const own = invoices.filter((i) => i.organizationId === doc.id && i.status !== 'void');
          const sum = (f: (i: InvoiceDoc) => number) => own.reduce((n, i) => n + f(i), 0);
          return {
            ...doc,
            seats: sum((i) => i.seats),
            invoicedCents: sum((i) => i.totalCents - i.creditedCents),
            paidCents: sum((i) => i.paidCents - i.refundedCents),
            balanceCents: sum((i) => i.balanceCents),
          };
        }),
      );
    },
  );

  app.get('/invoices', validate('query', InvoiceListQuerySchema), async (c) => {
    const { minPosition, ...filter } = c.req.valid('query');
    await awaitProjections(deps, minPosition, [INVOICES]);
    return c.json(await receivables(deps.readStore, deps.clock(), filter));
  });

  app.get('/invoices/export.csv', validate('query', InvoiceListQuerySchema), async (c) => {
    const { minPosition, ...filter } = c.req.valid('query');
    await awaitProjections(deps, minPosition, [INVOICES]);
    const rows = await receivables(deps.readStore, deps.clock(), filter);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="receivables-${schoolDay(deps.clock())}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(receivablesCsv(rows));
  });

  return app;
}
