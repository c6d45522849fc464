import { describe, expect, it } from 'vitest';
import { oneRowPerChild, type RosterRow } from '../../../contracts/admin/roster.js';

const row = (o: Partial<RosterRow>): RosterRow => ({
  enrollmentId: 'e1',
  participant: 0,
  name: 'Lily Whitfield',
  age: 8,
  grade: '3rd',
  school: 'Hedgcoxe Elementary',
  dietaryRestrictions: '',
  photography: 'no-consent',
  parent: { name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '9725550100' },
  secondParent: null,
  emergencyContacts: [],
  specialRequirements: '',
  status: 'confirmed',
  paymentStatus: 'paid',
  present: null,
  childId: null,
  medicalNotes: '',
  waivers: [],
  pickupAdults: [],
  collected: null,
  makeup: false,
  absence: null,
  ...o,
});

describe('oneRowPerChild: a roster has one row per child per session (issue 37 item 1)', () => {
  it('given one child reported missing and on a make-up in the same session, then one row: the seat that expects them', () => {
    const rows = oneRowPerChild([
      row({ absence: 'notified', present: false }),
      row({ makeup: true }),
      row({ enrollmentId: 'e2', name: 'Max Okafor' }),
    ]);
    expect(rows.map((r) => [r.name, r.makeup, r.absence, r.present])).toEqual([
      ['Lily Whitfield', true, null, null],
      ['Max Okafor', false, null, null],
    ]);
  });

  it('given one saved child in two bookings, then one row, their own booking’s, marked present if either seat was', () => {
    const rows = oneRowPerChild([
      row({ childId: 'c1', makeup: true, present: true, enrollmentId: 'e9' }),
      row({ childId: 'c1' }),
    ]);
    expect(rows).toEqual([expect.objectContaining({ enrollmentId: 'e1', makeup: false, present: true })]);
  });

  it('given two children of one booking, then both rows stay, in their order', () => {
    const rows = oneRowPerChild([row({ participant: 1, name: 'Ava' }), row({ participant: 0 })]);
    expect(rows.map((r) => r.participant)).toEqual([1, 0]);
  });
});
