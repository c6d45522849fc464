import { Hono, type Context } from 'hono';
import {
  InstallmentActionParamSchema,
  InstallmentActionRequestSchema,
  type InstallmentActionResult,
} from '../../contracts/admin/installments.js';
import type { BookingInstallment } from '../../contracts/booking/api.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { installmentPlanStream } from '../../contracts/enrollment/installment-plan.js';
import type { AppDeps } from '../core/deps.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { refuse } from '../enrollment/decider/refusals.js';
import { INSTALLMENT_CHARGE_REQUEST_REACTOR } from '../enrollment/installments/charge-request-reactor.js';
import { INSTALLMENT_PAYMENT_REACTOR } from '../enrollment/installments/installment-payment-reactor.js';
import { installmentPlanDecider, type InstallmentPlanState } from '../enrollment/installments/plan-decider.js';

/** How long an answer waits for the charge (or the booking's record of a waiver) before it says 202. */
const OUTCOME_WAIT_MS = 8_000;

/** One instalment as the plan's stream has it, in the booking page's words. */
function installmentOf(plan: InstallmentPlanState, n: number): BookingInstallment | null {
  const i = plan.phase === 'active' ? plan.installments.find((x) => x.n === n) : undefined;
  if (!i) return null;
  const status = i.paid
    ? 'paid'
    : i.waived
      ? 'waived'
      : i.failures > 0 && !i.charging && !i.requested
        ? 'failed'
        : 'due';
  return { n, amountCents: i.amountCents, dueAt: i.dueAt, status };
}

/**
 * The office and one instalment of a plan (issue 43), `n` from 1:
 * - POST /admin/enrollments/:id/installments/:n/charge `{}`: charged now on the saved card, by the
 *   charging reactor where the effects run (installment-charge-requests), never in the request;
 *   200 once the card answered (`paid` or `failed`), 202 while it has not (`due`);
 * - POST /admin/enrollments/:id/installments/:n/waive `{}`: never charged, owed no more; 200.
 * 404 for a booking without that instalment, 409 once it is paid, waived or being charged, or the
 * booking is no longer confirmed; 400 naming `n` or the body. Both are recorded on the plan's stream
 * with the administrator who asked.
 */
export function adminInstallmentRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const act = async (c: Context, type: 'RequestCharge' | 'Waive', reactor: string) => {
    const { id, n } = InstallmentActionParamSchema.parse(c.req.param());
    const stream = installmentPlanStream(id);
    const booking = await deps.commands.state(enrollmentDecider, enrollmentStream(id));
    const plan = await deps.commands.state(installmentPlanDecider, stream);
    if (!installmentOf(plan, n))
      throw refuse({ code: 'no_such_installment', n, count: plan.phase === 'active' ? plan.installments.length : 0 });
    if (booking.status !== 'confirmed') throw refuse({ code: 'not_payable', status: booking.status });
    const { position } = await deps.commands.handle(
      installmentPlanDecider,
      stream,
      { type, n, at: deps.clock().toISOString() },
      requestMetadata(c, deps, 'admin'),
    );
    if (position !== null) await deps.projections.waitFor(position, [reactor], OUTCOME_WAIT_MS);
    const installment = installmentOf(await deps.commands.state(installmentPlanDecider, stream), n)!;
    deps.log.info(type === 'Waive' ? 'instalment waived' : 'instalment charge asked for', {
      enrollmentId: id,
      n,
      status: installment.status,
    });
    const result: InstallmentActionResult = {
      enrollmentId: id,
      installment,
      position: (await deps.eventStore.headPosition()).toString(),
    };
    return c.json(result, type === 'RequestCharge' && installment.status === 'due' ? 202 : 200);
  };
  const checked = [
    validate('param', InstallmentActionParamSchema),
    validate('json', InstallmentActionRequestSchema),
  ] as const;

  app.post('/enrollments/:id/installments/:n/charge', ...checked, (c) =>
    act(c, 'RequestCharge', INSTALLMENT_CHARGE_REQUEST_REACTOR),
  );
  app.post('/enrollments/:id/installments/:n/waive', ...checked, (c) => act(c, 'Waive', INSTALLMENT_PAYMENT_REACTOR));
  return app;
}
