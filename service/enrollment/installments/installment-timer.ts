import { chargeAt, type InstallmentPlanDoc } from '../../../projections/enrollment/installment-plans.js';
import { defineTimer, type TimerContext } from '../../../platform/processor/timer.js';
import { LeaseLostError } from '../../../platform/readstore/port.js';
import type { AppDeps } from '../../core/deps.js';
import { chargeInstallment } from './charge-installment.js';

const LEASE = 'installment-charges';

export interface InstallmentPassReport {
  paid: number;
  declined: number;
  failures: number;
}

/**
 * The instalments due (issue 43 item 2), charged on their dates under the pass's own lease: it
 * reads the open plans by their next charge, and charges each instalment whose date (or retry) has
 * come through `chargeInstallment`, which decides each attempt on the plan's stream and charges
 * under the attempt's key. A provider that does not answer leaves the attempt under way: the next
 * pass asks again with the same key, so a crash or a timeout never charges twice.
 */
export function installmentTimer(deps: AppDeps, options: { everyMs?: number } = {}) {
  const everyMs = options.everyMs ?? 60_000;
  return defineTimer<InstallmentPassReport>({
    name: LEASE,
    everyMs,
    leaseTtlMs: Math.max(30_000, everyMs * 3),
    pass: (context) => chargeDue(deps, context),
    idle: () => ({ paid: 0, declined: 0, failures: 0 }),
  });
}

async function chargeDue(deps: AppDeps, context: TimerContext): Promise<InstallmentPassReport> {
  const report = { paid: 0, declined: 0, failures: 0 };
  const now = deps.clock();
  const { items } = await deps.readStore.find<InstallmentPlanDoc>('installment-plans', {
    where: { open: true },
    sort: [{ field: 'nextChargeAt', direction: 'asc' }],
    limit: 500,
  });
  for (const { doc } of items) {
    if (!doc.nextChargeAt || Date.parse(doc.nextChargeAt) > now.getTime()) break;
    for (const i of doc.installments) {
      const at = chargeAt(i);
      if (!at || Date.parse(at) > now.getTime()) continue;
      try {
        await context.keepLease();
        const metadata = {
          correlationId: `installment-${doc.id}-${i.n}`,
          causationId: `installment-${doc.id}-${i.n}`,
          actor: 'system' as const,
          at: now.toISOString(),
        };
        const outcome = await chargeInstallment(deps, doc.enrollmentId, i.n, metadata);
        if (outcome === 'paid') report.paid++;
        if (outcome === 'declined') report.declined++;
      } catch (err) {
        if (err instanceof LeaseLostError) throw err;
        report.failures++;
        deps.log.warn('instalment charge failed; asked again with its key at the next pass', {
          enrollmentId: doc.enrollmentId,
          n: i.n,
          err,
        });
      }
    }
  }
  return report;
}
