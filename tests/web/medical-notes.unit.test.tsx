import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { Roster, RosterRow } from '../../contracts/admin/roster.js';
import type { ParticipantDetail } from '../../contracts/enrollment/participants.js';
import { SignInSheet } from '../../web/admin/SignInSheet.js';
import { ParticipantList } from '../../web/enrollment/ParticipantList.js';

/** Issue 37 item 9: a child's medical notes appear wherever their allergies do, on screen and on paper. */

const row = (o: Partial<RosterRow>): RosterRow => ({
  enrollmentId: 'e1',
  participant: 0,
  name: 'Max Whitfield',
  age: 6,
  grade: 'K',
  school: 'Hedgcoxe Elementary',
  dietaryRestrictions: '',
  photography: 'consent',
  parent: { name: 'Eleanor Whitfield', email: 'eleanor@example.com', phone: '9725550100' },
  secondParent: null,
  emergencyContacts: [{ name: 'Ruth Porter', phone: '9725550102', relationship: 'Grandmother' }],
  specialRequirements: '',
  status: 'confirmed',
  paymentStatus: 'paid',
  present: null,
  childId: 'c1',
  medicalNotes: '',
  waivers: [],
  pickupAdults: [],
  collected: null,
  makeup: false,
  absence: null,
  ...o,
});

const roster = (rows: RosterRow[]): Roster => ({
  workshop: {
    id: '11',
    title: 'Manners & Me',
    date: '2027-07-31T10:00:00-05:00',
    time: '10:00 AM - 11:30 AM',
    location: 'Plano',
    instructor: 'Margaret Ellison',
    capacity: 12,
  },
  session: 1,
  sessions: [{ startsAt: '2027-07-31T10:00:00-05:00', endsAt: '2027-07-31T11:30:00-05:00' }],
  rows,
});

/** The text of each cell of the sheet's rows, tags dropped. */
const cells = (html: string) =>
  [...html.matchAll(/<tr>(.*?)<\/tr>/g)]
    .slice(1)
    .map((tr) => [...tr[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((td) => td[1]!.replace(/<[^>]+>|<!-- -->/g, '')));

describe('the printed sign-in sheet', () => {
  it('given a child whose profile says "Asthma: carries an inhaler" and no diet, then the allergies cell says so, flagged, not "None"', () => {
    const [, name, , diet] = cells(
      renderToString(<SignInSheet roster={roster([row({ medicalNotes: 'Asthma: carries an inhaler' })])} />),
    )[0]!;
    expect(name).toBe('Max Whitfield');
    expect(diet).toContain('Asthma: carries an inhaler');
    expect(diet).toContain('⚠');
    expect(diet).not.toContain('None');
  });

  it('given a child with an allergy and medical notes, then both are on the sheet; a child with neither reads "None"', () => {
    const rows = cells(
      renderToString(
        <SignInSheet
          roster={roster([
            row({ dietaryRestrictions: 'Peanuts', medicalNotes: 'EpiPen in her bag' }),
            row({ enrollmentId: 'e2', childId: null, name: 'Ava Jones' }),
          ])}
        />,
      ),
    );
    expect(rows[0]![3]).toMatch(/Peanuts.*EpiPen in her bag/);
    expect(rows[1]![3]).toBe('None');
  });
});

describe('the enrollment in full', () => {
  const detail: ParticipantDetail = {
    name: 'Max Whitfield',
    age: 6,
    grade: 'K',
    school: 'Hedgcoxe Elementary',
    hasDietaryRestrictions: true,
    dietaryRestrictions: 'Dairy',
    photographyConsent: true,
    allowNameWithPhoto: false,
    photographyOptOut: false,
    childId: 'c1',
    medicalNotes: 'Asthma: carries an inhaler',
  };

  it('given a participant with medical notes, then the list shows them beside the dietary restrictions', () => {
    const html = renderToString(<ParticipantList details={[detail]} strict contactName="Eleanor Whitfield" />);
    expect(html).toMatch(/Dietary restrictions.*Dairy.*Medical notes.*Asthma: carries an inhaler/);
  });
});
