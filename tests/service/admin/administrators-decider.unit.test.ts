import { describe, expect, it } from 'vitest';
import type { AdministratorEvent } from '../../../contracts/admin/administrators.js';
import type { AssignableRole } from '../../../contracts/admin/roles.js';
import { administratorsDecider } from '../../../service/admin/administrators-decider.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(administratorsDecider);
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

const added = (administratorId: string, email: string, role: AssignableRole = 'manager'): AdministratorEvent => ({
  type: 'AdministratorAdded',
  data: { administratorId, name: 'Margaret Ellison', email, keyHash: HASH_A, role, changeId: `add-${administratorId}` },
});
const revoked = (administratorId: string): AdministratorEvent => ({
  type: 'AdministratorRevoked',
  data: { administratorId, changeId: `revoke-${administratorId}` },
});
const add = (administratorId: string, email: string, role: AssignableRole = 'manager') => ({
  type: 'AddAdministrator' as const,
  administratorId,
  name: 'Margaret Ellison',
  email,
  keyHash: HASH_B,
  role,
  changeId: 'c1',
});
const revoke = (administratorId: string) => ({
  type: 'RevokeAdministrator' as const,
  administratorId,
  changeId: 'c9',
});
const changeRole = (administratorId: string, role: AssignableRole) => ({
  type: 'ChangeAdministratorRole' as const,
  administratorId,
  role,
  changeId: 'c5',
});
const noticeSent = (changeId: string): AdministratorEvent => ({
  type: 'AdministratorChangeNoticeSent',
  data: { changeId, messageId: `<${changeId}@x>`, transport: 'outbox', at: '2030-01-01T12:00:00.000Z' },
});
const recordNotice = (changeId: string) => ({
  type: 'RecordChangeNotice' as const,
  changeId,
  messageId: `<${changeId}@x>`,
  transport: 'outbox' as const,
  at: '2030-01-01T12:00:00.000Z',
});

describe('administrators decider', () => {
  it('given no administrators, when one is added, then AdministratorAdded carries the name, the e-mail in lower case, the key hash, the role and the change id', () => {
    given([])
      .when(add('a1', 'Margaret@Example.com', 'instructor'))
      .then([
        {
          type: 'AdministratorAdded',
          data: {
            administratorId: 'a1',
            name: 'Margaret Ellison',
            email: 'margaret@example.com',
            keyHash: HASH_B,
            role: 'instructor',
            changeId: 'c1',
          },
        },
      ]);
  });

  it('given an active administrator, when another is added with the same e-mail in another case, then it is refused as a conflict', () => {
    given([added('a1', 'margaret@example.com')])
      .when(add('a2', 'MARGARET@example.com'))
      .thenThrows({
        code: 'conflict',
        refusal: { code: 'administrator_email_taken', email: 'margaret@example.com' },
      });
  });

  it('given a revoked administrator, when the same e-mail is added again, then a new administrator is added', () => {
    given([added('a1', 'margaret@example.com'), revoked('a1')])
      .when(add('a2', 'margaret@example.com'))
      .then([
        expect.objectContaining({
          type: 'AdministratorAdded',
          data: expect.objectContaining({ administratorId: 'a2' }),
        }),
      ]);
  });

  it('given an administrator, when an add reuses its id, then it is refused', () => {
    given([added('a1', 'margaret@example.com'), revoked('a1')])
      .when(add('a1', 'other@example.com'))
      .thenThrows({ code: 'conflict', refusal: { code: 'administrator_exists' } });
  });

  it('given an active administrator, when revoked, then AdministratorRevoked with the change id', () => {
    given([added('a1', 'margaret@example.com')])
      .when(revoke('a1'))
      .then([{ type: 'AdministratorRevoked', data: { administratorId: 'a1', changeId: 'c9' } }]);
  });

  it('given a revoked administrator, when revoked again, then it is refused as not found', () => {
    given([added('a1', 'margaret@example.com'), revoked('a1')])
      .when(revoke('a1'))
      .thenThrows({ code: 'not_found', refusal: { code: 'administrator_not_found' } });
  });

  it('given no such administrator, when revoked, then it is refused as not found', () => {
    given([]).when(revoke('nobody')).thenThrows({ code: 'not_found' });
  });

  it('given a manager, when made an instructor, then AdministratorRoleChanged names both roles', () => {
    given([added('a1', 'margaret@example.com')])
      .when(changeRole('a1', 'instructor'))
      .then([
        {
          type: 'AdministratorRoleChanged',
          data: { administratorId: 'a1', role: 'instructor', previousRole: 'manager', changeId: 'c5' },
        },
      ]);
  });

  it('given an instructor, when given the same role again, then nothing is recorded', () => {
    given([added('a1', 'margaret@example.com', 'instructor')])
      .when(changeRole('a1', 'instructor'))
      .then([]);
  });

  it('given a role changed once, when changed back, then the previous role is the one it had last', () => {
    given([
      added('a1', 'margaret@example.com'),
      {
        type: 'AdministratorRoleChanged',
        data: { administratorId: 'a1', role: 'instructor', previousRole: 'manager', changeId: 'c2' },
      },
    ])
      .when(changeRole('a1', 'manager'))
      .then([
        expect.objectContaining({ data: expect.objectContaining({ role: 'manager', previousRole: 'instructor' }) }),
      ]);
  });

  it('given a revoked or unknown administrator, when a role is given, then it is refused as not found', () => {
    given([added('a1', 'margaret@example.com'), revoked('a1')])
      .when(changeRole('a1', 'instructor'))
      .thenThrows({ code: 'not_found' });
    given([]).when(changeRole('nobody', 'manager')).thenThrows({ code: 'not_found' });
  });

  it('given a change the owner was not yet told of, when the e-mail is recorded, then AdministratorChangeNoticeSent; recorded twice, then nothing more', () => {
    given([added('a1', 'margaret@example.com')])
      .when(recordNotice('add-a1'))
      .then([noticeSent('add-a1')]);
    given([added('a1', 'margaret@example.com'), noticeSent('add-a1')])
      .when(recordNotice('add-a1'))
      .then([]);
  });

  it('given an administrator added limited to a location, when limited to another, then AdministratorLocationsChanged says both lists; the same list again records nothing', () => {
    const limited: AdministratorEvent = {
      type: 'AdministratorAdded',
      data: {
        administratorId: 'a1',
        name: 'Margaret Ellison',
        email: 'm@example.com',
        keyHash: HASH_A,
        role: 'manager',
        locationIds: ['plano'],
      },
    };
    const limit = (locationIds: string[]) => ({
      type: 'LimitAdministratorToLocations' as const,
      administratorId: 'a1',
      locationIds,
      changeId: 'c7',
    });
    given([limited])
      .when(limit(['el-paso']))
      .then([
        {
          type: 'AdministratorLocationsChanged',
          data: { administratorId: 'a1', locationIds: ['el-paso'], previousLocationIds: ['plano'], changeId: 'c7' },
        },
      ]);
    given([limited])
      .when(limit(['plano']))
      .then([]);
    given([added('a1', 'm@example.com')])
      .when(limit([]))
      .then([]);
  });

  it('given no administrators, when one is added limited to a location, then AdministratorAdded carries the locations', () => {
    given([])
      .when({ ...add('a1', 'm@example.com'), locationIds: ['el-paso'] })
      .then([
        {
          type: 'AdministratorAdded',
          data: {
            administratorId: 'a1',
            name: 'Margaret Ellison',
            email: 'm@example.com',
            keyHash: HASH_B,
            role: 'manager',
            changeId: 'c1',
            locationIds: ['el-paso'],
          },
        },
      ]);
  });
});
