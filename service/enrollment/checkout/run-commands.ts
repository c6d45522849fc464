import type { EventMetadata } from '../../../contracts/core/events.js';
import { workshopStream } from '../../../contracts/catalogue/events.js';
import { enrollmentStream } from '../../../contracts/enrollment/events.js';
import { clientHoldsStream } from '../../../contracts/enrollment/client-holds.js';
import { discountCodeStream } from '../../../contracts/pricing/discount-codes.js';
import { giftCardStream } from '../../../contracts/gift-cards/events.js';
import { householdCreditStream } from '../../../contracts/pricing/credit.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { workshopDecider } from '../../catalogue/workshop-decider.js';
import { discountCodeDecider } from '../../pricing/discount-code-decider.js';
import { giftCardDecider } from '../../gift-cards/gift-card-decider.js';
import { familyCreditDecider } from '../../pricing/credit-decider.js';
import { clientHoldsDecider } from './client-holds-decider.js';
import { enrollmentDecider } from '../decider/enrollment-decider.js';
import { installmentPlanDecider } from '../installments/plan-decider.js';
import { installmentPlanStream } from '../../../contracts/enrollment/installment-plan.js';
import type { LedgerCommand } from './ledger-commands.js';
import type { CheckoutOutput } from './checkout-workflow.js';

type StreamCommand = Exclude<CheckoutOutput, { to: 'refund' }>;

/** Hands one command to the decider of the stream it goes to, through the one command handler. */
export function runCommand(
  deps: Pick<AppDeps, 'commands'>,
  output: StreamCommand | LedgerCommand,
  metadata: EventMetadata,
): Promise<{ position: bigint | null }> {
  const { commands } = deps;
  switch (output.to) {
    case 'workshop':
      return commands.handle(workshopDecider, workshopStream(output.workshopId), output.command, metadata);
    case 'client-holds':
      return commands.handle(clientHoldsDecider, clientHoldsStream(output.clientKey), output.command, metadata);
    case 'enrollment':
      return commands.handle(enrollmentDecider, enrollmentStream(output.enrollmentId), output.command, metadata);
    case 'discount-code':
      return commands.handle(discountCodeDecider, discountCodeStream(output.code), output.command, metadata);
    case 'gift-card':
      return commands.handle(giftCardDecider, giftCardStream(output.giftCardId), output.command, metadata);
    case 'installment-plan':
      return commands.handle(
        installmentPlanDecider,
        installmentPlanStream(output.enrollmentId),
        output.command,
        metadata,
      );
    case 'family-credit':
      return commands.handle(familyCreditDecider, householdCreditStream(output.householdId), output.command, metadata);
  }
}

/**
 * A stream's refusal of a command (full, removed, begun, used up, a balance spent): an answer that
 * asking again would not change. A busy stream or a store outage is not one: it is retried.
 */
export const isRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && ['validation', 'conflict', 'not_found', 'enrollment_closed', 'gone'].includes(err.code);
