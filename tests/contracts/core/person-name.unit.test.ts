import { describe, expect, it } from 'vitest';
import { hasVisibleLetter, personName } from '../../../contracts/core/text.js';

describe('a person’s name has a visible letter', () => {
  it('given only zero-width, format, blank or space characters, then there is no visible letter', () => {
    for (const v of [
      '\u200B\u200C\u200D',
      '\u2060\uFEFF',
      '\u00AD',
      '\u3164\u115F\u1160\uFFA0',
      '\u2800',
      ' \u200B ',
      '\u0301',
    ])
      expect(hasVisibleLetter(v), JSON.stringify(v)).toBe(false);
  });

  it('given letters of any script, with marks or a joiner between them, then there is', () => {
    for (const v of ['Zoë', '李小龍', 'Анна', 'नमस्ते', 'O’Brien', 'Jo\u200Dhn', '\u200BAnn'])
      expect(hasVisibleLetter(v), v).toBe(true);
  });

  it('given a schema, then blank is left to the caller’s own rule and an invisible name is refused naming the field', () => {
    const schema = personName('Student name').trim().max(50);
    expect(schema.safeParse('').success).toBe(true);
    expect(schema.safeParse('  Lily  ').data).toBe('Lily');
    const refused = schema.safeParse('\u200B\u200B');
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['Student name must have at least one letter.']);
  });
});
