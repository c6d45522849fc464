import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.js';
import { adminCall, fromAddress } from '../service/admin/support.js';
import { baseForm, strictForm } from '../support/enrollment-forms.js';
import type { ErrorBody } from '../../contracts/core/errors.js';

/**
 * Given the API, when a name or another one-line field holds CR, LF or a bidi override, then the
 * answer is a 400 naming the field and the event store is exactly as before; a multi-line field
 * keeps its line feeds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

// Each request from its own documentation address, so per-address limits on anonymous writes
// never decide these answers.
let client = 0;
const nextAddress = () => `198.51.100.${++client % 250}`;
const post = (path: string, body: unknown) =>
  t.app.request(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    fromAddress(nextAddress()),
  );

const INJECTIONS = [
  ['CR LF', 'Eleanor\r\nBcc: evil@example.com'],
  ['LF', 'Eleanor\nWhitfield'],
  ['bare CR', 'Eleanor\rWhitfield'],
  ['U+202E', 'Eleanor\u202Ednaltihw'],
] as const;

/** Posts, expects a 400 naming `field` with the readable message, and nothing appended. */
async function expectRefused(send: () => Response | Promise<Response>, field: string, label: string) {
  const before = await t.eventStore.headPosition();
  const res = await send();
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.code).toBe('validation');
  expect(body.issues).toContainEqual({
    path: field,
    message: `${label} cannot contain line breaks or invisible control characters.`,
  });
  expect(body.error).toContain(field);
  expect(await t.eventStore.headPosition()).toBe(before);
}

describe('clean text through the API', () => {
  describe.each(INJECTIONS)('given a name with %s', (_, dirty) => {
    it('when an enrollment is posted, then 400 names firstName and nothing is appended', async () => {
      await expectRefused(
        () => post('/api/enroll/workshop/9', { ...baseForm({ firstName: dirty }), totalPrice: 130 }),
        'firstName',
        'First name',
      );
    });

    it("when a children's enrollment carries it in an emergency contact, then 400 names that field", async () => {
      await expectRefused(
        () => post('/api/enroll/workshop/8', { ...strictForm({ emergencyContact2Name: dirty }), totalPrice: 150 }),
        'emergencyContact2Name',
        'Emergency contact 2 name',
      );
    });

    it('when a contact message is posted, then 400 names fullname and nothing is appended', async () => {
      await expectRefused(
        () => post('/api/contact', { fullname: dirty, email: 'ada@example.com', message: 'Hello' }),
        'fullname',
        'Name',
      );
    });

    it('when a consultation is requested, then 400 names name and nothing is appended', async () => {
      await expectRefused(
        () =>
          post('/api/consultation', {
            name: dirty,
            email: 'ada@example.com',
            preferredDate: 'Monday',
            discussionTopic: 'Dining',
          }),
        'name',
        'Name',
      );
    });

    it('when an administrator saves a workshop with it as the title, then 400 names title and nothing is appended', async () => {
      const workshop = {
        title: dirty,
        description: 'Tea.',
        category: 'adult',
        date: '2025-12-13T14:00',
        time: '2:00 PM',
        location: 'Plano',
        price: 10,
        capacity: 5,
      };
      await expectRefused(
        () => adminCall(t.app, 'POST', '/api/admin/workshops', { body: workshop, from: nextAddress() }),
        'title',
        'Title',
      );
    });

    it('when an administrator saves a program with it as the category, then 400 names category', async () => {
      await expectRefused(
        () =>
          adminCall(t.app, 'POST', '/api/admin/programs', {
            body: { title: 'Teens', description: 'For teens.', category: dirty, price: 10 },
            from: nextAddress(),
          }),
        'category',
        'Category',
      );
    });
  });

  it('given a phone number with a line feed, when an enrollment is posted, then 400 names phone', async () => {
    await expectRefused(
      () => post('/api/enroll/workshop/9', { ...baseForm({ phone: '9725550100\nX-Header: 1' }), totalPrice: 130 }),
      'phone',
      'Phone number',
    );
  });

  it('given a contact message over several lines, when posted, then it is stored with its line feeds', async () => {
    const res = await post('/api/contact', {
      fullname: 'Ada Parent',
      email: 'ada@example.com',
      message: 'Hello,\nDo you teach on Saturdays?\r\nThanks',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [event] = await t.eventStore.readStream(`inquiry-${id}`);
    expect((event!.data as { message: { message: string } }).message.message).toBe(
      'Hello,\nDo you teach on Saturdays?\nThanks',
    );
  });

  it('given special requirements over several lines, when an enrollment is posted, then it is accepted', async () => {
    const res = await post('/api/enroll/workshop/9', {
      ...baseForm({ specialRequirements: 'Nut allergy\nWheelchair access' }),
      totalPrice: 130,
    });
    expect(res.status).toBe(201);
  });

  it('given a message with a bare CR or a bidi isolate, when posted, then 400 names message and nothing is appended', async () => {
    for (const message of ['Hello\rworld', 'Hello \u2066world\u2069']) {
      const before = await t.eventStore.headPosition();
      const res = await post('/api/contact', { fullname: 'Ada Parent', email: 'ada@example.com', message });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).issues).toContainEqual({
        path: 'message',
        message: 'Message cannot contain invisible control characters.',
      });
      expect(await t.eventStore.headPosition()).toBe(before);
    }
  });
});
