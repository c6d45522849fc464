import { PHOTOGRAPHY_LABELS, type Roster, type RosterRow } from '../../contracts/admin/roster.js';
import { csvLine } from './csv.js';
import { enrollmentStatusWord, paymentStatusWord } from '../../contracts/admin/status-words.js';

export const ROSTER_CSV_COLUMNS = [
  'Participant',
  'Age',
  'Grade',
  'School',
  'Dietary restrictions',
  'Photography',
  'Medical notes',
  'Waivers',
  'Pick-up list',
  'Parent',
  'Parent e-mail',
  'Parent phone',
  'Second parent',
  'Second parent e-mail',
  'Second parent phone',
  'Emergency contact 1',
  'Emergency contact 1 phone',
  'Emergency contact 1 relationship',
  'Emergency contact 2',
  'Emergency contact 2 phone',
  'Emergency contact 2 relationship',
  'Special requirements',
  'Status',
  'Payment',
  'Present',
  'Collected by',
  'Enrollment',
  'Participant index',
];

/** "Code of Conduct: signed; Photography Release: missing", as the roster's waiver column reads. */
const waiverCell = (r: RosterRow) =>
  r.waivers.map((w) => `${w.title}: ${w.current ? 'signed' : w.signedAt ? 'out of date' : 'missing'}`).join('; ');

const attendance = (present: boolean | null) => (present === null ? '' : present ? 'yes' : 'no');

/** roster-<workshop id>-<its date on the school's clock>.csv */
export const rosterFileName = (roster: Roster) =>
  `roster-${roster.workshop.id}-${roster.workshop.date.slice(0, 10)}.csv`;

/** The roster as a spreadsheet: every cell through the tracker export's csvLine (formulas neutralised, quoted). */
export function rosterCsv(roster: Roster): string {
  const rows = roster.rows.map((r) => {
    const [c1, c2] = r.emergencyContacts;
    return csvLine([
      r.name,
      r.age ?? '',
      r.grade,
      r.school,
      r.dietaryRestrictions,
      PHOTOGRAPHY_LABELS[r.photography],
      r.medicalNotes,
      waiverCell(r),
      r.pickupAdults.map((a) => [a.name, a.relationship, a.phone].filter(Boolean).join(' ')).join('; '),
      r.parent.name,
      r.parent.email,
      r.parent.phone,
      r.secondParent?.name ?? '',
      r.secondParent?.email ?? '',
      r.secondParent?.phone ?? '',
      c1?.name ?? '',
      c1?.phone ?? '',
      c1?.relationship ?? '',
      c2?.name ?? '',
      c2?.phone ?? '',
      c2?.relationship ?? '',
      r.specialRequirements,
      enrollmentStatusWord(r.status).label,
      paymentStatusWord(r.paymentStatus).label,
      attendance(r.present),
      r.collected ? `${r.collected.by}${r.collected.onList ? '' : ' (NOT on the pick-up list)'}` : '',
      r.enrollmentId,
      r.participant,
    ]);
  });
  return csvLine(ROSTER_CSV_COLUMNS) + rows.join('');
}
