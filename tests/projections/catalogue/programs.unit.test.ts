import { describe, expect, it } from 'vitest';
import { programsProjector } from '../../../projections/catalogue/programs.js';
import { SEED_PROGRAMS } from '../../../service/catalogue/seed-programs.js';
import { given, on } from '../../support/projection.js';

describe('programs projector', () => {
  const program = SEED_PROGRAMS[0]!;
  const s = `program-${program.id}`;

  it('given a published then updated program, then it keeps its place in the list (the position it was first published at)', async () => {
    await given(programsProjector, [
      on('program-x', { type: 'ProgramPublished', data: { program: { ...SEED_PROGRAMS[1]!, id: 'x' } } }),
      on(s, { type: 'ProgramPublished', data: { program } }),
      on(s, { type: 'ProgramUpdated', data: { program: { ...program, price: 240 } } }),
    ]).then({
      x: expect.objectContaining({ listedAt: 0 }),
      [program.id]: expect.objectContaining({ price: 240, listedAt: 1 }),
    });
  });

  it('given a removed program, then it leaves the list', async () => {
    await given(programsProjector, [
      on(s, { type: 'ProgramPublished', data: { program } }),
      on(s, { type: 'ProgramRemoved', data: { programId: program.id } }),
    ]).then({});
  });
});
