import { describe, expect, it } from 'vitest';
import { createLogger, redact } from '../../platform/log.js';

describe('log redaction', () => {
  it('given e-mails and phones in a line, then they are masked', () => {
    expect(redact('{"to":"ada.parent@example.com","phone":"(972) 555-0142","alt":"+1 972 555 0143"}')).toBe(
      '{"to":"[email]","phone":"[phone]","alt":"[phone]"}',
    );
  });

  it('given ids, dates and positions, then they are kept', () => {
    const line =
      '{"enrollmentId":"be41307a-a340-421d-9c3a-123456789012","t":"2026-11-22T03:07:00.000Z","position":"1234567"}';
    expect(redact(line)).toBe(line);
  });

  it('given a logger, then what it writes is redacted JSON with the level and message', () => {
    const lines: string[] = [];
    createLogger('info', (l) => lines.push(l)).info('mail sent', { to: 'grace@example.com', enrollmentId: 'e-1' });
    createLogger('info', (l) => lines.push(l)).debug('hidden');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      msg: 'mail sent',
      to: '[email]',
      enrollmentId: 'e-1',
    });
  });
});
