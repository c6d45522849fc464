import type { ProgramData } from '../../contracts/catalogue/program.js';
import type { ProgramEvent } from '../../contracts/catalogue/events.js';
import type { Decider } from '../../platform/command/decider.js';
import { conflict, notFound } from '../core/errors.js';

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
        if (state.status !== 'none') throw conflict(`A program with id ${command.program.id} already exists.`);
        return [{ type: 'ProgramPublished', data: { program: command.program } }];
      case 'UpdateProgram':
        if (state.status !== 'published') throw notFound('We could not find that program. It may have been removed.');
        return [{ type: 'ProgramUpdated', data: { program: command.program } }];
      case 'RemoveProgram':
        if (state.status !== 'published') throw notFound('We could not find that program. It may have been removed.');
        return [{ type: 'ProgramRemoved', data: { programId: command.programId } }];
    }
  },
};
