import { Hono } from 'hono';
import { z } from 'zod';
import {
  ProgramIncomeAccountRequestSchema,
  programIncomeAccountStream,
} from '../../contracts/reports/income-accounts.js';
import { findProgram } from '../catalogue/queries.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { incomeAccountDecider } from './income-account-decider.js';

const ProgramParamSchema = z.object({ id: z.string().min(1) });

/**
 * Settings' income account of a program for the journal (issue 42, record 141), under /api/admin,
 * the owner's alone (the `accounts` area):
 * - PUT /programs/:id/income-account `{ account, code? }`: recorded as ProgramIncomeAccountChanged; null
 *   puts the program back on its category's default. The public programs never show it.
 */
export function adminIncomeAccountRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.put(
    '/programs/:id/income-account',
    validate('param', ProgramParamSchema),
    validate('json', ProgramIncomeAccountRequestSchema),
    async (c) => {
      const program = await findProgram(deps.readStore, c.req.valid('param').id);
      if (!program) throw notFound('We could not find this program.');
      const { account, code } = c.req.valid('json');
      const changed = await deps.commands.handle(
        incomeAccountDecider,
        programIncomeAccountStream(program.id),
        { type: 'ChangeProgramIncomeAccount', programId: program.id, account, code, at: deps.clock().toISOString() },
        requestMetadata(c, deps, 'admin'),
      );
      return c.json({
        programId: program.id,
        account,
        ...(account !== null && code ? { code } : {}),
        position: changed.position === null ? null : changed.position.toString(),
      });
    },
  );

  return app;
}
