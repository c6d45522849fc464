import { Hono } from 'hono';
import { z } from 'zod';
import { RevenueQuerySchema } from '../../contracts/reports/revenue.js';
import { JournalQuerySchema } from '../../contracts/reports/journal.js';
import { REVENUE_LEDGER } from '../../projections/reports/revenue-ledger.js';
import type { AppDeps } from '../core/deps.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { readLedger } from './ledger.js';
import { revenueReport } from './revenue-report.js';
import { revenueChartSvg } from './revenue-chart.js';
import { journalEntries } from './journal.js';
import { journalCsv } from './journal-csv.js';
import { LiabilitiesQuerySchema } from '../../contracts/reports/liabilities.js';
import { liabilitiesReport } from './liabilities-report.js';
import { ReportFormatSchema } from '../../contracts/reports/activity.js';
import { activityReportRoutes, csvAnswer } from './activity-routes.js';
import { revenueCsv } from './report-csv.js';
import { adminIncomeAccountRoutes } from './income-account-routes.js';
import { reportScope } from './report-scope.js';

const GROUP_LABELS = { month: 'Month', program: 'Program', location: 'Location', source: 'Source of payment' } as const;

/**
 * The owner's reports and the accountant's journal (issue 42), under /api/admin: owner and managers
 * (the `reports` area). They hold amounts, days and places only, so no read is access-logged.
 */
export function adminReportRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.use('/reports/*', reportScope);
  app.use('/exports/*', reportScope);

  app.get(
    '/reports/revenue',
    validate('query', z.intersection(z.intersection(RevenueQuerySchema, ReportFormatSchema), MinPositionQuerySchema)),
    async (c) => {
      const query = c.req.valid('query');
      await awaitProjections(deps, query.minPosition, [REVENUE_LEDGER]);
      const report = revenueReport(await readLedger(deps.readStore, query), query);
      if (query.format === 'csv')
        return csvAnswer(c, `revenue-by-${query.by}`, revenueCsv(report, GROUP_LABELS[query.by]), query);
      c.header('Cache-Control', 'no-store');
      return c.json(report);
    },
  );

  app.get(
    '/reports/revenue.svg',
    validate('query', z.intersection(RevenueQuerySchema, MinPositionQuerySchema)),
    async (c) => {
      const query = c.req.valid('query');
      await awaitProjections(deps, query.minPosition, [REVENUE_LEDGER]);
      c.header('Content-Type', 'image/svg+xml; charset=utf-8');
      c.header('Cache-Control', 'no-store');
      return c.body(revenueChartSvg(revenueReport(await readLedger(deps.readStore, query), query), query));
    },
  );

  app.get(
    '/reports/liabilities',
    validate('query', LiabilitiesQuerySchema.extend(MinPositionQuerySchema.shape)),
    async (c) => {
      const query = c.req.valid('query');
      await awaitProjections(deps, query.minPosition, [REVENUE_LEDGER]);
      c.header('Cache-Control', 'no-store');
      return c.json(liabilitiesReport(await readLedger(deps.readStore, { to: query.on }), query.on));
    },
  );

  app.get(
    '/exports/journal.csv',
    validate('query', z.intersection(JournalQuerySchema, MinPositionQuerySchema)),
    async (c) => {
      const query = c.req.valid('query');
      await awaitProjections(deps, query.minPosition, [REVENUE_LEDGER]);
      const entries = journalEntries(await readLedger(deps.readStore, query), query);
      deps.log.info('journal exported', { days: entries.length, format: query.format });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="journal-${query.from}-${query.to}-${query.format}.csv"`);
      c.header('Cache-Control', 'no-store');
      return c.body(journalCsv(entries, query.format));
    },
  );

  app.route('/', activityReportRoutes(deps));
  app.route('/', adminIncomeAccountRoutes(deps));
  return app;
}
