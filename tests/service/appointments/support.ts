import type { Hono } from 'hono';
import { adminCall } from '../admin/support.js';

/** "Now" for these tests: Monday 4 March 2030, noon on the school's clock (before the spring change of 10 March). */
export const NOW = new Date('2030-03-04T12:00:00-06:00');
export const fixedClock = () => new Date(NOW);

export const LESSON = {
  title: 'Private Etiquette Lesson',
  kind: 'lesson',
  minutes: 60,
  priceCents: 25_000,
  bufferMinutes: 15,
  minNoticeHours: 12,
  horizonDays: 60,
};

export const PARENT = {
  firstName: 'Olivia',
  lastName: 'Bennett',
  email: 'olivia.bennett@example.com',
  phone: '214-555-0199',
  participantName: 'Emma Bennett',
  participantAge: 12,
  agreeToTerms: true,
};

export async function json<T = Record<string, unknown>>(res: Response): Promise<{ status: number; body: T }> {
  return { status: res.status, body: (await res.json()) as T };
}

/** An instructor teaching Tuesdays 09:00-12:00, and a lesson type they give: their ids. */
export async function givenAnInstructorAndALesson(app: Hono, lesson: Record<string, unknown> = {}) {
  const added = await json<{ id: string }>(
    await adminCall(app, 'POST', '/api/admin/instructors', {
      body: { name: 'Margaret Ellison', email: 'margaret@greatlakesetiquette.com' },
    }),
  );
  const instructorId = added.body.id;
  await adminCall(app, 'PUT', `/api/admin/instructors/${instructorId}/availability`, {
    body: { weekly: [{ weekday: 2, from: '09:00', to: '12:00' }], exceptions: [] },
  });
  const type = await json<{ id: string }>(
    await adminCall(app, 'POST', '/api/admin/appointment-types', {
      body: { ...LESSON, instructorIds: [instructorId], ...lesson },
    }),
  );
  return { instructorId, typeId: type.body.id };
}

export const book = (app: Hono, typeId: string, body: Record<string, unknown>) =>
  app.request(`/api/appointment-types/${typeId}/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...PARENT, ...body }),
  });
