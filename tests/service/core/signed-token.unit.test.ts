import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedTokens } from '../../../service/core/signed-token.js';
import { createBookingLinks } from '../../../service/enrollment/after-sale/booking-link.js';
import { createHoldTokens } from '../../../service/enrollment/sale/hold-token.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const ID = '4f7c1b2e-0000-4000-8000-000000000001';

/** A token as the two modules before the fold wrote them (and e-mails already carry): `<id>.<HMAC of "<purpose>/v1\n<id>">`. */
const tokenBeforeTheFold = (purpose: string, secret: string | Buffer, id: string) =>
  `${id}.${createHmac('sha256', secret).update(`${purpose}/v1\n${id}`).digest('base64url')}`;

describe('signed tokens: one module for the hold token and the booking link', () => {
  it('given a token made for an id, when verified, then it names that id at version 0, written as before versions existed', () => {
    const tokens = createSignedTokens(SECRET, 'booking-link');
    const token = tokens.token(ID);
    expect(token).toMatch(/^4f7c1b2e-0000-4000-8000-000000000001\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token)).toEqual({ id: ID, version: 0 });
  });

  it('given a booking link and a hold token sent before the fold, when verified now, then both still name their enrollment (version 0)', () => {
    const link = tokenBeforeTheFold('booking-link', SECRET, ID);
    expect(createBookingLinks(SECRET).verify(link)).toEqual({ id: ID, version: 0 });
    expect(createBookingLinks(SECRET).enrollmentOf(link)).toBe(ID);
    const key = Buffer.alloc(32, 7);
    const hold = tokenBeforeTheFold('hold-token', key, ID);
    expect(createHoldTokens(key).enrollmentOf(hold)).toBe(ID);
  });

  it('given a version, then the token carries it and verifies to it; the same signature moved to another version is refused', () => {
    const tokens = createSignedTokens(SECRET, 'booking-link');
    const v3 = tokens.token(ID, 3);
    expect(v3).toMatch(/^4f7c1b2e-0000-4000-8000-000000000001\.3\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(v3)).toEqual({ id: ID, version: 3 });
    const signature = v3.split('.')[2]!;
    expect(tokens.verify(`${ID}.4.${signature}`)).toBeNull();
    expect(tokens.verify(`${ID}.${signature}`)).toBeNull();
    expect(tokens.token(ID, 0)).toBe(tokens.token(ID));
  });

  it('given a token of one purpose, then it never passes for the other', () => {
    const link = createSignedTokens(SECRET, 'booking-link').token(ID);
    expect(createSignedTokens(SECRET, 'hold-token').verify(link)).toBeNull();
  });

  it.each([
    ['an empty string', ''],
    ['an id alone', 'e1'],
    ['a dot alone', '.'],
    ['a version that is not a number', `e1.abc.${'A'.repeat(43)}`],
    ['a version with a leading zero', `e1.03.${'A'.repeat(43)}`],
    ['four parts', `e1.1.2.${'A'.repeat(43)}`],
    ['a short signature', 'e1.abc'],
    ['an id with a slash', `e/1.${'A'.repeat(43)}`],
  ])('given %s, then it is refused', (_name, token) => {
    expect(createSignedTokens(SECRET, 'booking-link').verify(token)).toBeNull();
  });

  it('given an id that is not one, or a version that is not a whole number, then no token is made', () => {
    const tokens = createSignedTokens(SECRET, 'booking-link');
    expect(() => tokens.token('e/1')).toThrow();
    expect(() => tokens.token('e1', -1)).toThrow();
    expect(() => tokens.token('e1', 1.5)).toThrow();
  });
});
