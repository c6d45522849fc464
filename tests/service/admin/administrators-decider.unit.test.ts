import { describe, expect, it } from 'vitest';
import type { AdministratorEvent } from '../../../contracts/admin/administrators.js';
import { administratorsDecider } from '../../../service/admin/administrators-decider.js';
import { deciderSpec } from '../../support/decider.js';

const given = deciderSpec(administratorsDecider);
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

const added = (administratorId: string, email: string, keyHash = HASH_A): AdministratorEvent => ({
  type: 'AdministratorAdded',
  data: { administratorId, name: 'Margaret Ellison', email, keyHash },
});
const revoked = (administratorId: string): AdministratorEvent => ({
  type: 'AdministratorRevoked',
  data: { administratorId },
});
const add = (administratorId: string, email: string, keyHash = HASH_B) => ({
  type: 'AddAdministrator' as const,
  administratorId,
  name: 'Margaret Ellison',
  email,
  keyHash,
});
const revoke = (administratorId: string) => ({ type: 'RevokeAdministrator' as const, administratorId });

describe('administrators decider', () => {
  it('given no administrators, when one is added, then AdministratorAdded carries the name, the e-mail in lower case and the key hash', () => {
    given([])
      .when(add('a1', 'Margaret@Example.com'))
      .then([
        {
          type: 'AdministratorAdded',
          data: { administratorId: 'a1', name: 'Margaret Ellison', email: 'margaret@example.com', keyHash: HASH_B },
        },
      ]);
  });

  it('given an active administrator, when another is added with the same e-mail in another case, then it is refused as a conflict', () => {
    given([added('a1', 'margaret@example.com')])
      .when(add('a2', 'MARGARET@example.com'))
      .thenThrows({ code: 'conflict', message: expect.stringContaining('already an administrator') });
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
      .thenThrows({ code: 'conflict' });
  });

  it('given an active administrator, when revoked, then AdministratorRevoked', () => {
    given([added('a1', 'margaret@example.com')])
      .when(revoke('a1'))
      .then([{ type: 'AdministratorRevoked', data: { administratorId: 'a1' } }]);
  });

  it('given a revoked administrator, when revoked again, then it is refused as not found', () => {
    given([added('a1', 'margaret@example.com'), revoked('a1')])
      .when(revoke('a1'))
      .thenThrows({ code: 'not_found' });
  });

  it('given no such administrator, when revoked, then it is refused as not found', () => {
    given([]).when(revoke('nobody')).thenThrows({ code: 'not_found' });
  });
});
