import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../support/app.js';
import { adminCall } from '../admin/support.js';
import type { Workshop } from '../../../contracts/catalogue/workshop.js';
import { EL_PASO } from './support.js';

let t: TestApp;
afterEach(() => t?.close());

type Answer = { error: string; code: string; issues?: { path: string }[]; id: string; position: string };
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Answer });

/** El Paso with its Salon (12) and Tea Room (8): their ids. */
async function givenElPaso() {
  const res = await adminCall(t.app, 'POST', '/api/admin/locations', { body: EL_PASO });
  const body = (await res.json()) as { id: string; rooms: { id: string }[] };
  return { locationId: body.id, salon: body.rooms[0]!.id, teaRoom: body.rooms[1]!.id };
}

const tea = (place: Record<string, unknown>, change: Record<string, unknown> = {}) => ({
  title: 'Spring Tea',
  description: 'An afternoon tea.',
  category: 'tea-party',
  date: '2030-03-16T14:00',
  endTime: '15:30',
  price: 60,
  capacity: 8,
  ...place,
  ...change,
});
const save = (body: unknown) => adminCall(t.app, 'POST', '/api/admin/workshops', { body });

describe('workshops at a location and in a room', () => {
  it('given a location with rooms, when a class is saved in a room with a venue line and no text, then the schedule shows its location, room, venue and address', async () => {
    t = await makeTestApp({ seed: false });
    const { locationId, salon } = await givenElPaso();

    const saved = await json(await save(tea({ locationId, roomId: salon, venue: 'The Plaza Hotel, Ballroom' })));

    expect(saved.status).toBe(201);
    const schedule = (await (
      await t.app.request(`/api/workshops?minPosition=${saved.body.position}`)
    ).json()) as Workshop[];
    expect(schedule.find((w) => w.id === saved.body.id)).toMatchObject({
      locationId,
      roomId: salon,
      venue: 'The Plaza Hotel, Ballroom',
      location: '100 N Mesa St, Suite 4, El Paso, TX 79901',
    });
  });

  it('given a class in the salon, when another overlapping it is saved there, then 409 names the other booking; in the other room it is saved', async () => {
    t = await makeTestApp({ seed: false });
    const { locationId, salon, teaRoom } = await givenElPaso();
    const first = await json(await save(tea({ locationId, roomId: salon })));

    const clash = await json(
      await save(
        tea({ locationId, roomId: salon }, { title: 'Easter Tea', date: '2030-03-16T15:00', endTime: '16:00' }),
      ),
    );

    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('conflict');
    expect(clash.body.error).toContain('Spring Tea');
    expect(clash.body.error).toContain(first.body.id);
    expect(clash.body.issues?.[0]?.path).toBe('roomId');
    const elsewhere = await save(tea({ locationId, roomId: teaRoom }, { title: 'Easter Tea' }));
    expect(elsewhere.status).toBe(201);
  });

  it('given a four-week course in the salon, when a class overlapping its third session is saved there, then 409 names the course', async () => {
    t = await makeTestApp({ seed: false });
    const { locationId, salon } = await givenElPaso();
    const sessions = ['02', '09', '16', '23'].map((d) => ({
      startsAt: `2030-03-${d}T10:00`,
      endsAt: `2030-03-${d}T11:30`,
    }));
    const {
      date: _d,
      endTime: _e,
      ...course
    } = tea({ locationId, roomId: salon }, { title: 'Manners & Me', sessions });
    expect((await save(course)).status).toBe(201);

    const clash = await json(
      await save(tea({ locationId, roomId: salon }, { date: '2030-03-16T11:00', endTime: '12:00' })),
    );

    expect(clash.status).toBe(409);
    expect(clash.body.error).toContain('Manners & Me');
  });

  it('given a room for 8, when a class for 9 is saved in it, then 400 names capacity and nothing is written', async () => {
    t = await makeTestApp({ seed: false });
    const { locationId, teaRoom } = await givenElPaso();
    const before = await t.eventStore.headPosition();

    const refused = await json(await save(tea({ locationId, roomId: teaRoom }, { capacity: 9 })));

    expect(refused.status).toBe(400);
    expect(refused.body.issues?.[0]?.path).toBe('capacity');
    expect(refused.body.error).toMatch(/Tea Room.*8/);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('given no such location, or a room of another, when a class names it, then it is refused naming locationId or roomId', async () => {
    t = await makeTestApp({ seed: false });
    const { locationId } = await givenElPaso();
    const unknown = await json(await save(tea({ locationId: 'nowhere' })));
    expect(unknown.status).toBe(404);
    expect(unknown.body.issues?.[0]?.path).toBe('locationId');
    const wrongRoom = await json(await save(tea({ locationId, roomId: 'room-of-another' })));
    expect(wrongRoom.status).toBe(400);
    expect(wrongRoom.body.issues?.[0]?.path).toBe('roomId');
    const noText = await json(await save(tea({})));
    expect(noText.status).toBe(400);
    expect(noText.body.issues?.[0]?.path).toBe('location');
  });

  it('given two offices saving overlapping classes in one room at once, then one is saved and the other answered 409', async () => {
    t = await makeTestApp({ seed: false });
    const { locationId, salon } = await givenElPaso();

    const answers = await Promise.all([
      save(tea({ locationId, roomId: salon }, { title: 'Office A tea' })),
      save(tea({ locationId, roomId: salon }, { title: 'Office B tea', date: '2030-03-16T15:00', endTime: '16:00' })),
    ]);

    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    await t.settle();
    const schedule = (await (await t.app.request('/api/workshops')).json()) as Workshop[];
    expect(schedule.filter((w) => w.roomId === salon)).toHaveLength(1);
  });

  it('given a class in the salon, when it is moved to the tea room or removed, then its salon time is free for another class', async () => {
    t = await makeTestApp({ seed: false });
    const { locationId, salon, teaRoom } = await givenElPaso();
    const first = await json(await save(tea({ locationId, roomId: salon })));

    const moved = await adminCall(t.app, 'PUT', `/api/admin/workshops/${first.body.id}`, {
      body: tea({ locationId, roomId: teaRoom }),
    });
    expect(moved.status).toBe(200);
    await t.settle();
    const second = await json(await save(tea({ locationId, roomId: salon }, { title: 'Second tea' })));
    expect(second.status).toBe(201);

    // Moving back over the second class is refused; removing the second frees the salon.
    const back = await adminCall(t.app, 'PUT', `/api/admin/workshops/${first.body.id}`, {
      body: tea({ locationId, roomId: salon }),
    });
    expect(back.status).toBe(409);
    expect((await adminCall(t.app, 'DELETE', `/api/admin/workshops/${second.body.id}`)).status).toBe(200);
    await t.settle();
    const again = await adminCall(t.app, 'PUT', `/api/admin/workshops/${first.body.id}`, {
      body: tea({ locationId, roomId: salon }),
    });
    expect(again.status).toBe(200);
  });

  it('given a class in a room for 12, when its capacity is raised to 13 by an edit that leaves out the room, then 400 names capacity', async () => {
    t = await makeTestApp({ seed: false });
    const { locationId, salon } = await givenElPaso();
    const first = await json(await save(tea({ locationId, roomId: salon })));
    // The specification's client: the text of the place, no location or room (both kept).
    const form = tea({ location: 'El Paso' }, { capacity: 13 });
    const raised = await json(await adminCall(t.app, 'PUT', `/api/admin/workshops/${first.body.id}`, { body: form }));
    expect(raised.status).toBe(400);
    expect(raised.body.issues?.[0]?.path).toBe('capacity');
  });
});
