import { rosterChildKey, type RosterRow } from '../../contracts/admin/roster.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Checkbox } from '../components/Checkbox.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { EnrollmentStatusBadge, PaymentStatusBadge } from './StatusBadges.js';
import { childFacts, hasDiet, hasMedical, PHOTO_SHORT, photoFlag } from './rosterFormat.js';
import { PickupStatus } from './Pickup.js';

export interface RosterTableProps {
  title: string;
  rows: RosterRow[];
  onMark: (row: RosterRow, present: boolean) => void;
  /** Take a row's mark back (a mis-tap): not marked again. */
  onUndo: (row: RosterRow) => void;
  /** False before the session's day: attendance is taken from that day (the server refuses earlier). */
  isRecordable: boolean;
}

/**
 * One row per participant. Keyboard: Tab reaches the table, the arrow keys move between rows and
 * into the Present box, Space ticks it; Down then moves to the next child's box.
 */
export function RosterTable({ title, rows, onMark, onUndo, isRecordable }: RosterTableProps) {
  return (
    <Table aria-label={`Roster of ${title}`} className="roster-table">
      <TableHeader>
        <Column>Present</Column>
        <Column isRowHeader>Participant</Column>
        <Column>Allergies / diet</Column>
        <Column>Photos</Column>
        <Column>Parents</Column>
        <Column>Emergency contacts</Column>
        <Column>Pick-up</Column>
        <Column>Notes</Column>
        <Column>Booking</Column>
      </TableHeader>
      <TableBody items={rows} renderEmptyState={() => <p className="roster-table__empty">No one is enrolled yet.</p>}>
        {(r) => (
          <Row id={rosterChildKey(r)} textValue={r.name}>
            <Cell label="Present">
              <span className="roster-table__present">
                <Checkbox
                  aria-label={`Present: ${r.name}`}
                  isSelected={r.present === true}
                  isDisabled={!isRecordable}
                  onChange={(present) => onMark(r, present)}
                >
                  <span aria-hidden="true">Present</span>
                </Checkbox>
                {r.present !== true && (
                  <span className="roster-table__muted">
                    {r.absence === 'notified'
                      ? 'absent (parent told us)'
                      : r.present === false
                        ? 'absent'
                        : 'not marked'}
                  </span>
                )}
                {r.present !== null && r.absence !== 'notified' && (
                  <Button
                    variant="link"
                    size="sm"
                    className="roster-table__undo"
                    aria-label={`Undo ${r.name}’s mark`}
                    onPress={() => onUndo(r)}
                  >
                    Undo
                  </Button>
                )}
              </span>
            </Cell>
            <Cell label="Participant">
              <span className="roster-table__stack">
                <strong>{r.name}</strong>
                {r.makeup && (
                  <Badge variant="accent" className="roster-flag">
                    Make-up
                  </Badge>
                )}
                <span className="roster-table__muted">{childFacts(r)}</span>
                <span className="roster-waivers">
                  {r.waivers.map((w) => (
                    <Badge key={w.document} variant={w.current ? 'outline' : 'danger'}>
                      {w.current ? '✓' : '✗'} {w.title}
                      {!w.current && (w.signedAt ? ': new version' : ': not signed')}
                    </Badge>
                  ))}
                </span>
              </span>
            </Cell>
            <Cell label="Allergies / diet">
              <span className="roster-table__stack">
                {hasDiet(r) && (
                  <>
                    <Badge variant="danger" className="roster-flag">
                      <span aria-hidden="true">⚠ </span>Allergy / diet
                    </Badge>
                    <span className="roster-table__diet">{r.dietaryRestrictions}</span>
                  </>
                )}
                {hasMedical(r) && (
                  <>
                    <Badge variant="danger" className="roster-flag">
                      <span aria-hidden="true">⚠ </span>Medical
                    </Badge>
                    <span className="roster-table__diet">{r.medicalNotes}</span>
                  </>
                )}
                {!hasDiet(r) && !hasMedical(r) && <span className="roster-table__muted">None</span>}
              </span>
            </Cell>
            <Cell label="Photos">
              {photoFlag(r) ? (
                <span className="roster-table__stack">
                  <Badge variant="navy" className="roster-flag">
                    <span aria-hidden="true">⊘ </span>No photos
                  </Badge>
                  <span className="roster-table__muted">{PHOTO_SHORT[r.photography]}</span>
                </span>
              ) : (
                <span>{PHOTO_SHORT[r.photography]}</span>
              )}
            </Cell>
            <Cell label="Parents">
              <span className="roster-table__stack">
                <span>{r.parent.name}</span>
                <span className="roster-table__muted">{r.parent.phone}</span>
                <span className="roster-table__muted roster-table__email">{r.parent.email}</span>
                {r.secondParent && (
                  <>
                    <span className="roster-table__second">{r.secondParent.name}</span>
                    {r.secondParent.phone && <span className="roster-table__muted">{r.secondParent.phone}</span>}
                    {r.secondParent.email && (
                      <span className="roster-table__muted roster-table__email">{r.secondParent.email}</span>
                    )}
                  </>
                )}
              </span>
            </Cell>
            <Cell label="Emergency contacts">
              {r.emergencyContacts.length === 0 ? (
                <span className="roster-table__muted">None given</span>
              ) : (
                <span className="roster-table__stack">
                  {r.emergencyContacts.map((c, i) => (
                    <span key={i}>
                      {c.name}
                      {c.relationship && <span className="roster-table__muted"> ({c.relationship})</span>}
                      <br />
                      <span className="roster-table__muted">{c.phone}</span>
                    </span>
                  ))}
                </span>
              )}
            </Cell>
            <Cell label="Pick-up">
              <PickupStatus row={r} />
            </Cell>
            <Cell label="Notes">
              {r.specialRequirements ? (
                <span className="roster-table__notes">{r.specialRequirements}</span>
              ) : (
                <span className="roster-table__muted">-</span>
              )}
            </Cell>
            <Cell label="Booking">
              <span className="roster-table__stack">
                <EnrollmentStatusBadge status={r.status} />
                <PaymentStatusBadge status={r.paymentStatus} />
              </span>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
