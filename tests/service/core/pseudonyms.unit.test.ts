import { describe, expect, it } from 'vitest';
import { createPseudonyms } from '../../../service/core/pseudonyms.js';

const pseudonyms = createPseudonyms('test-secret');

describe('pseudonyms of e-mails', () => {
  it('given spellings of one inbox, then one mailbox key, and the e-mail keys still tell them apart', () => {
    const spellings = ['Victim+1@gmail.com', 'v.i.c.t.i.m@googlemail.com', 'victim@gmail.com'];
    expect(new Set(spellings.map(pseudonyms.mailbox)).size).toBe(1);
    expect(new Set(spellings.map(pseudonyms.email)).size).toBe(3);
  });

  it('given an address already in its canonical form, then its mailbox key is its e-mail key (allowances counted before carry on)', () => {
    expect(pseudonyms.mailbox('jane.doe@example.com')).toBe(pseudonyms.email('jane.doe@example.com'));
    expect(pseudonyms.mailbox('Jane.Doe+x@Example.com')).toBe(pseudonyms.email('jane.doe@example.com'));
  });
});
