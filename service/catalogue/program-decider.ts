import type { ProgramData } from '../../contracts/catalogue/program.js';
import type { ProgramEvent } from '../../contracts/catalogue/events.js';
import type { Decider } from '../../platform/command/decider.js';
import { refuse } from './refusals.js';

export type ProgramCommand =
  | { type: 'PublishProgram'; program: ProgramData }
  | { type: 'UpdateProgram'; program: ProgramData }
  | { type: 'RemoveProgram'; programId: string };

export interface ProgramState {
  status: 'none' | 'published' | 'removed';
  program: ProgramData | null;
}

export const programDecider: Decider<ProgramCommand, ProgramEvent, ProgramState> = {
  initialState: { status: 'none', program: null },

  evolve(state, event) {
    switch (event.type) {
      case 'ProgramPublished':
      case 'ProgramUpdated':
        return { status: 'published', program: event.data.program };
      case 'ProgramRemoved':
        return { ...state, status: 'removed' };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'PublishProgram':
        if (state.status !== 'none') throw refuse({ code: 'program_exists', programId: command.program.id });
        return [{ type: 'ProgramPublished', data: { program: command.program } }];
      case 'UpdateProgram':
        if (state.status !== 'published') throw refuse({ code: 'program_not_found' });
        return [{ type: 'ProgramUpdated', data: { program: command.program } }];
      case 'RemoveProgram':
        if (state.status !== 'published') throw refuse({ code: 'program_not_found' });
        return [{ type: 'ProgramRemoved', data: { programId: command.programId } }];
    }
  },
};
