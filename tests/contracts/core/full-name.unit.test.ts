import { describe, expect, it } from 'vitest';
import { ERASED, fullName } from '../../../contracts/core/erased.js';

describe('a name from its parts', () => {
  it('given a first and a last name, then both, with one space', () => {
    expect(fullName('Eleanor', 'Whitfield')).toBe('Eleanor Whitfield');
    expect(fullName(' Eleanor ', 'Whitfield ')).toBe('Eleanor Whitfield');
  });

  it('given one part blank or missing, then the other alone', () => {
    expect(fullName('Eleanor', '')).toBe('Eleanor');
    expect(fullName(undefined, 'Whitfield')).toBe('Whitfield');
    expect(fullName('', null)).toBe('');
  });

  it('given every part erased, then "Erased" once', () => {
    expect(fullName(ERASED, ERASED)).toBe(ERASED);
    expect(fullName(ERASED, '')).toBe(ERASED);
  });
});
