import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxMailer } from '../../../service/mail/outbox.js';
import type { MailMessage } from '../../../service/mail/port.js';

const mail = (to: string, id: string, about?: string[]): MailMessage => ({
  to,
  subject: `For ${to}`,
  text: `Hello ${to}`,
  messageId: `<${id}@greatlakesetiquette.com>`,
  attachments: [],
  ...(about ? { about } : {}),
});

const outbox = () => new OutboxMailer(mkdtempSync(join(tmpdir(), 'outbox-erasure-')), 'School <hello@school.example>');

describe('issue 36 item 7: the outbox erases whole addresses, and every copy about a family', () => {
  it('given mail to zorblat@… and to xzorblat@…, when zorblat@… is erased, then only its own copy goes', async () => {
    const box = outbox();
    await box.send(mail('zorblat@example.com', 'mine'));
    await box.send(mail('xzorblat@example.com', 'another-family'));
    await box.send(mail('zorblat@example.com.evil', 'longer-domain'));

    expect(await box.eraseCopiesTo('Zorblat@Example.com')).toBe(1);
    expect(readdirSync(box.dir).sort()).toEqual(['another-family.eml', 'longer-domain.eml']);
  });

  it('given a message to someone else about a family (a gift card naming its purchaser), when that family is erased, then the copy goes whoever it was sent to; the marker is a subject id, never an address', async () => {
    const box = outbox();
    await box.send(mail('friend@example.com', 'gift-card-1', ['purchaser-subject', 'household:h1']));
    await box.send(mail('friend@example.com', 'other'));
    const copy = readFileSync(join(box.dir, 'gift-card-1.eml'), 'utf8');
    expect(copy).toContain('X-Outbox-About: purchaser-subject household:h1');

    expect(await box.eraseCopiesAbout(['household:h1'])).toBe(1);
    expect(readdirSync(box.dir)).toEqual(['other.eml']);
  });

  it('given a copy half written by a process killed before its rename (a .tmp), then it is erased with the family, and swept once this process sends', async () => {
    const box = outbox();
    await box.send(mail('zorblat@example.com', 'sent'));
    const left = join(box.dir, 'left.eml.999999.tmp');
    writeFileSync(left, readFileSync(join(box.dir, 'sent.eml')));
    expect(await box.eraseCopiesTo('zorblat@example.com')).toBe(2);
    expect(readdirSync(box.dir)).toEqual([]);

    const again = outbox();
    writeFileSync(join(again.dir, 'dead.eml.999999.tmp'), 'To: someone@example.com\r\n\r\nhalf');
    await again.send(mail('friend@example.com', 'next'));
    expect(readdirSync(again.dir)).toEqual(['next.eml']);
  });
});
