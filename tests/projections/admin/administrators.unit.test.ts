import { describe, it } from 'vitest';
import { administratorsProjector } from '../../../projections/admin/administrators.js';
import { given, on } from '../../support/projection.js';

const S = 'administrators';
const added = (administratorId: string, name: string, email: string, role = 'manager') => ({
  type: 'AdministratorAdded',
  data: { administratorId, name, email, keyHash: 'f'.repeat(64), role, changeId: `add-${administratorId}` },
});

describe('administrators projector', () => {
  it('given two administrators added, then each is listed with name, e-mail, role and when it was added, and no key hash', async () => {
    await given(administratorsProjector, [
      on(S, added('a1', 'Margaret Ellison', 'margaret@example.com'), 'admin', '2025-06-01T15:00:00.000Z'),
      on(S, added('a2', 'June Park', 'june@example.com', 'instructor'), 'admin', '2025-06-02T09:00:00.000Z'),
    ]).then({
      a1: {
        id: 'a1',
        name: 'Margaret Ellison',
        email: 'margaret@example.com',
        createdAt: '2025-06-01T15:00:00.000Z',
        role: 'manager',
      },
      a2: {
        id: 'a2',
        name: 'June Park',
        email: 'june@example.com',
        createdAt: '2025-06-02T09:00:00.000Z',
        role: 'instructor',
      },
    });
  });

  it('given a role changed, then the administrator is listed with the new role; the e-mail to the owner changes nothing', async () => {
    await given(administratorsProjector, [
      on(S, added('a2', 'June Park', 'june@example.com'), 'admin'),
      on(
        S,
        {
          type: 'AdministratorRoleChanged',
          data: { administratorId: 'a2', role: 'instructor', previousRole: 'manager', changeId: 'c2' },
        },
        'admin',
      ),
      on(
        S,
        {
          type: 'AdministratorChangeNoticeSent',
          data: { changeId: 'c2', messageId: '<m@x>', transport: 'outbox', at: '2025-06-01T15:00:00.000Z' },
        },
        'system',
      ),
    ]).then({
      a2: {
        id: 'a2',
        name: 'June Park',
        email: 'june@example.com',
        createdAt: '2025-06-01T15:00:00.000Z',
        role: 'instructor',
      },
    });
  });

  it('given an administrator revoked, then it leaves the list, and a role change after it brings nothing back', async () => {
    await given(administratorsProjector, [
      on(S, added('a1', 'Margaret Ellison', 'margaret@example.com'), 'admin'),
      on(S, added('a2', 'June Park', 'june@example.com'), 'admin'),
      on(S, { type: 'AdministratorRevoked', data: { administratorId: 'a1' } }, 'admin'),
      on(
        S,
        {
          type: 'AdministratorRoleChanged',
          data: { administratorId: 'a1', role: 'instructor', previousRole: 'manager', changeId: 'c3' },
        },
        'admin',
      ),
    ]).then({
      a2: {
        id: 'a2',
        name: 'June Park',
        email: 'june@example.com',
        createdAt: '2025-06-01T15:00:00.000Z',
        role: 'manager',
      },
    });
  });

  it('given an administrator added limited to a location, when the limit is changed and then lifted, then the row carries the new locations and then none', async () => {
    const limited = { ...added('a1', 'Rosa Diaz', 'rosa@example.com') };
    limited.data = { ...limited.data, locationIds: ['plano'] } as typeof limited.data;
    const changed = (locationIds: string[], previousLocationIds: string[]) => ({
      type: 'AdministratorLocationsChanged',
      data: { administratorId: 'a1', locationIds, previousLocationIds, changeId: 'c8' },
    });
    const row = { id: 'a1', name: 'Rosa Diaz', email: 'rosa@example.com', createdAt: '2025-06-01T15:00:00.000Z' };
    await given(administratorsProjector, [
      on(S, limited, 'admin', '2025-06-01T15:00:00.000Z'),
      on(S, changed(['el-paso'], ['plano']), 'admin'),
    ]).then({ a1: { ...row, role: 'manager', locationIds: ['el-paso'] } });
    await given(administratorsProjector, [
      on(S, limited, 'admin', '2025-06-01T15:00:00.000Z'),
      on(S, changed([], ['plano']), 'admin'),
    ]).then({ a1: { ...row, role: 'manager' } });
  });
});
