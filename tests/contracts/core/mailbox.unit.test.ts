import { describe, expect, it } from 'vitest';
import { canonicalMailbox } from '../../../contracts/core/mailbox.js';

describe('canonicalMailbox: the one inbox an address reaches', () => {
  it('given sub-addresses and case, then the plain lower-case address', () => {
    expect(canonicalMailbox('Jane+School@Example.com')).toBe('jane@example.com');
    expect(canonicalMailbox('  jane+a+b@example.com ')).toBe('jane@example.com');
    expect(canonicalMailbox('jane@example.com')).toBe('jane@example.com');
  });

  it('given Gmail, then the dots of the local part are dropped too, and googlemail.com is gmail.com', () => {
    expect(canonicalMailbox('V.I.C.T.I.M+7@gmail.com')).toBe('victim@gmail.com');
    expect(canonicalMailbox('vic.tim@googlemail.com')).toBe('victim@gmail.com');
  });

  it('given another provider, then its dots stay (they name another inbox there)', () => {
    expect(canonicalMailbox('jane.doe+x@example.com')).toBe('jane.doe@example.com');
    expect(canonicalMailbox('jane.doe@outlook.com')).toBe('jane.doe@outlook.com');
  });

  it('given a local part that is only a tag, or no local part at all, then nothing is made up', () => {
    expect(canonicalMailbox('+tag@example.com')).toBe('+tag@example.com');
    expect(canonicalMailbox('...@gmail.com')).toBe('...@gmail.com');
    expect(canonicalMailbox('not-an-address')).toBe('not-an-address');
    expect(canonicalMailbox('@example.com')).toBe('@example.com');
  });
});
