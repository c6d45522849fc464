import { describe, it } from 'vitest';
import { administratorsProjector } from '../../../projections/admin/administrators.js';
import { given, on } from '../../support/projection.js';

const S = 'administrators';
const added = (administratorId: string, name: string, email: string) => ({
  type: 'AdministratorAdded',
  data: { administratorId, name, email, keyHash: 'f'.repeat(64) },
});

describe('administrators projector', () => {
  it('given two administrators added, then each is listed with name, e-mail and when it was added, and no key hash', async () => {
    await given(administratorsProjector, [
      on(S, added('a1', 'Margaret Ellison', 'margaret@example.com'), 'admin', '2025-06-01T15:00:00.000Z'),
      on(S, added('a2', 'June Park', 'june@example.com'), 'admin', '2025-06-02T09:00:00.000Z'),
    ]).then({
      a1: { id: 'a1', name: 'Margaret Ellison', email: 'margaret@example.com', createdAt: '2025-06-01T15:00:00.000Z' },
      a2: { id: 'a2', name: 'June Park', email: 'june@example.com', createdAt: '2025-06-02T09:00:00.000Z' },
    });
  });

  it('given an administrator revoked, then it leaves the list', async () => {
    await given(administratorsProjector, [
      on(S, added('a1', 'Margaret Ellison', 'margaret@example.com'), 'admin'),
      on(S, added('a2', 'June Park', 'june@example.com'), 'admin'),
      on(S, { type: 'AdministratorRevoked', data: { administratorId: 'a1' } }, 'admin'),
    ]).then({
      a2: { id: 'a2', name: 'June Park', email: 'june@example.com', createdAt: '2025-06-01T15:00:00.000Z' },
    });
  });
});
