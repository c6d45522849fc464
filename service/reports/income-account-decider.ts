import type { Decider } from '../../platform/command/decider.js';
import type { IncomeAccountEvent } from '../../contracts/reports/income-accounts.js';

export type IncomeAccountCommand = {
  type: 'ChangeProgramIncomeAccount';
  programId: string;
  account: string | null;
  code?: string;
  at: string;
};
export type IncomeAccountState = { account: string | null; code?: string };

/**
 * A program's income account (`program-income-account-<programId>`, record 141): a change is
 * recorded with what it replaced; the same account again records nothing.
 */
export const incomeAccountDecider: Decider<IncomeAccountCommand, IncomeAccountEvent, IncomeAccountState> = {
  initialState: { account: null },
  evolve: (_state, { data }) => ({ account: data.account, ...(data.code ? { code: data.code } : {}) }),
  decide(command, state) {
    const code = command.account === null ? undefined : command.code;
    if (command.account === state.account && code === state.code) return [];
    return [
      {
        type: 'ProgramIncomeAccountChanged',
        data: {
          programId: command.programId,
          account: command.account,
          previousAccount: state.account,
          ...(code ? { code } : {}),
          changedAt: command.at,
        },
      },
    ];
  },
};
