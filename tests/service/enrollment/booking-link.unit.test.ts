import { describe, expect, it } from 'vitest';
import { bookingUrl, createBookingLinks } from '../../../service/enrollment/after-sale/booking-link.js';
import { loadConfig, type Config } from '../../../service/core/config.js';
import { CommandHandler } from '../../../platform/command/handler.js';
import { MemoryEventStore } from '../../../platform/eventstore/memory.js';

/** The link of a booking never replaced (version 0), under this configuration. */
const urlOf = (config: Config, id: string) =>
  bookingUrl({ config, commands: new CommandHandler(new MemoryEventStore()) }, id);

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('booking links: a signed token that names one enrollment', () => {
  it('given a token made with the secret, when read with it, then it names its enrollment', () => {
    const links = createBookingLinks(SECRET);
    const token = links.token('4f7c1b2e-0000-4000-8000-000000000001');
    expect(token).toMatch(/^4f7c1b2e-0000-4000-8000-000000000001\.[A-Za-z0-9_-]{43}$/);
    expect(links.enrollmentOf(token)).toBe('4f7c1b2e-0000-4000-8000-000000000001');
  });

  it('given a token signed with another secret (rotated), then it is refused', () => {
    const token = createBookingLinks('the-old-secret-of-thirty-two-characters!').token('e1');
    expect(createBookingLinks(SECRET).enrollmentOf(token)).toBeNull();
  });

  it('given a signature moved onto another enrollment id, then it is refused', () => {
    const links = createBookingLinks(SECRET);
    const [, signature] = links.token('e1').split('.');
    expect(links.enrollmentOf(`e2.${signature}`)).toBeNull();
  });

  it.each([
    ['an empty string', ''],
    ['an id alone', 'e1'],
    ['a dot alone', '.'],
    ['three parts', 'e1.abc.def'],
    ['a version that is not a number', `e1.abc.${'A'.repeat(43)}`],
    ['a short signature', 'e1.abc'],
    ['an id with a slash', 'e/1.' + 'A'.repeat(43)],
  ])('given %s, then it is refused', (_name, token) => {
    expect(createBookingLinks(SECRET).enrollmentOf(token)).toBeNull();
  });

  it('given one flipped character in the signature, then it is refused', () => {
    const links = createBookingLinks(SECRET);
    const token = links.token('e1');
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(links.enrollmentOf(token.slice(0, -1) + last)).toBeNull();
  });

  it('given PUBLIC_URL, then the manage link is on it; without a secret, there is no link', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://www.example.com/', BOOKING_LINK_SECRET: SECRET });
    expect(await urlOf(config, 'e1')).toBe(`https://www.example.com/booking/${createBookingLinks(SECRET).token('e1')}`);
    expect(await urlOf(loadConfig({ PORT: '4000', BOOKING_LINK_SECRET: SECRET }), 'e1')).toMatch(
      /^http:\/\/localhost:4000\/booking\/e1\./,
    );
    expect(await urlOf(loadConfig({}), 'e1')).toBeNull();
  });
});
