import { PHOTOGRAPHY_LABELS, rosterChildKey, type Roster, type RosterRow } from '../../contracts/admin/roster.js';
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
  'Enrollment',
  'Participant index',
];

/** "Code of Conduct: signed; Photography Release: missing", as the roster's waiver column reads. */
const waiverCell = (r: RosterRow) =>
  r.waivers.map((w) => `${w.title}: ${w.current ? 'signed' : w.signedAt ? 'out of date' : 'missing'}`).join('; ');

/** One attendance column per session: "Session 1", "Session 2", ... */
export const sessionColumns = (count: number) => Array.from({ length: count }, (_, i) => `Session ${i + 1}`);

const collectedBy = (row: RosterRow) =>
  row.collected ? `; collected by ${row.collected.by}${row.collected.onList ? '' : ' (NOT on the pick-up list)'}` : '';
const attendance = (row: RosterRow | undefined) =>
  !row
    ? ''
    : (row.absence === 'notified' ? 'absent (notified)' : row.present === null ? '' : row.present ? 'yes' : 'no') +
      collectedBy(row);

/** roster-<workshop id>-<its date on the school's clock>.csv */
export const rosterFileName = (roster: Roster) =>
  `roster-${roster.workshop.id}-${roster.workshop.date.slice(0, 10)}.csv`;

/**
 * The roster as a spreadsheet, one row per child (booked, or on a make-up in some session) and one
 * attendance column per session ("absent (notified)" for an absence reported in advance, empty for
 * a session the child is not in): every cell through the tracker export's csvLine (formulas
 * neutralised, quoted).
 */
export function rosterCsv(sessions: Roster[]): string {
  const children = new Map<string, RosterRow>();
  for (const s of sessions)
    for (const r of s.rows) if (!children.has(rosterChildKey(r))) children.set(rosterChildKey(r), r);
  const bySession = sessions.map((s) => new Map(s.rows.map((r) => [rosterChildKey(r), r])));
  const ordered = [...children.values()].sort((a, b) => Number(a.makeup) - Number(b.makeup));
  const rows = ordered.map((r) => {
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
      r.makeup ? 'Make-up' : enrollmentStatusWord(r.status).label,
      paymentStatusWord(r.paymentStatus).label,
      r.enrollmentId,
      r.participant,
      ...bySession.map((rows) => attendance(rows.get(rosterChildKey(r)))),
    ]);
  });
  return csvLine([...ROSTER_CSV_COLUMNS, ...sessionColumns(sessions.length)]) + rows.join('');
}
