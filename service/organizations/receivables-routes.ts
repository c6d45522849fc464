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

const RECEIVABLES = ['open', 'overdue', 'paid', 'void'] as const;
const InvoiceListQuerySchema = MinPositionQuerySchema.extend({
  status: z.enum(RECEIVABLES, { error: 'status must be one of open, overdue, paid, void.' }).optional(),
  organizationId: z.string().max(64).optional(),
});

/** An open invoice past its due date is overdue. */
const overdueAt = (doc: InvoiceDoc, now: Date) => doc.status === 'open' && Date.parse(doc.dueAt) < now.getTime();

/**
 * The office's read side of organizations, mounted under /api/admin:
 * - GET /organizations?q&page&pageSize: searched by name, contact or e-mail, each with its quotes,
 *   invoices, seats and money (invoiced, paid, owed) from the invoices read model, counted once;
 * - GET /invoices?status=open|overdue|paid|void&organizationId: the receivables, by due date.
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
    const { status, organizationId, minPosition } = c.req.valid('query');
    await awaitProjections(deps, minPosition, [INVOICES]);
    const now = deps.clock();
    const where = {
      ...(status ? { status: status === 'overdue' ? 'open' : status } : {}),
      ...(organizationId ? { organizationId } : {}),
    };
    const { items } = await deps.readStore.find<InvoiceDoc>(INVOICES, {
      where,
      sort: [{ field: 'dueAt', direction: 'asc' }],
      limit: 1_000,
    });
    const docs = items.map((i) => ({ ...i.doc, overdue: overdueAt(i.doc, now) }));
    return c.json(status === 'overdue' ? docs.filter((d) => d.overdue) : docs);
  });

  return app;
}
