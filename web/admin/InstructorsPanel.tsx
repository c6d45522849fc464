import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WEEKDAY_NAMES, type Availability } from '../../contracts/instructors/availability.js';
import type { InstructorView } from '../../contracts/instructors/instructor.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { AvailabilityDialog } from './AvailabilityDialog.js';
import { InstructorDialog } from './InstructorDialog.js';

/** "Tue 09:00-12:00, Sat 10:00-14:00; 2 days off". */
const hoursText = ({ weekly, exceptions }: Availability) => {
  const week = [...weekly]
    .sort((a, b) => a.weekday - b.weekday || a.from.localeCompare(b.from))
    .map((r) => `${WEEKDAY_NAMES[r.weekday - 1]!.slice(0, 3)} ${r.from}-${r.to}`)
    .join(', ');
  const off = exceptions.filter((e) => !e.available).length;
  return [week || 'No weekly hours', off > 0 && `${off} day${off === 1 ? '' : 's'} off`].filter(Boolean).join('; ');
};

type Editing = { kind: 'record'; instructor: InstructorView | null } | { kind: 'hours'; instructor: InstructorView };

/** The school's instructors as records (issue 38): who they are, and the hours parents may book them. */
export function InstructorsPanel() {
  const instructors = useQuery({
    queryKey: queryKeys.adminInstructors(),
    queryFn: adminQueryFn as () => Promise<InstructorView[]>,
  });
  const [editing, setEditing] = useState<Editing | null>(null);

  return (
    <section aria-labelledby="instructors-heading" className="catalogue-panel">
      <div className="catalogue-panel__head">
        <h2 id="instructors-heading" className="admin-section-title">
          Instructors
        </h2>
        <Button onPress={() => setEditing({ kind: 'record', instructor: null })}>New instructor</Button>
      </div>
      {instructors.isPending && <Spinner label="Loading instructors…" showLabel />}
      {instructors.isError && (
        <div role="alert" className="admin-error">
          <p>The instructors could not be loaded.</p>
        </div>
      )}
      {instructors.data && instructors.data.length === 0 && <p>No instructors yet.</p>}
      {instructors.data && instructors.data.length > 0 && (
        <Table aria-label="Instructors">
          <TableHeader>
            <Column isRowHeader>Name</Column>
            <Column>Email</Column>
            <Column>Hours</Column>
            <Column>
              <span className="sr-only">Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={instructors.data}>
            {(i) => (
              <Row id={i.id} textValue={i.name}>
                <Cell label="Name">
                  <strong>{i.name}</strong>
                </Cell>
                <Cell label="Email">{i.email}</Cell>
                <Cell label="Hours">{hoursText(i.availability)}</Cell>
                <Cell label="Actions">
                  <div className="catalogue-item__actions">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit ${i.name}`}
                      onPress={() => setEditing({ kind: 'record', instructor: i })}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Hours of ${i.name}`}
                      onPress={() => setEditing({ kind: 'hours', instructor: i })}
                    >
                      Hours
                    </Button>
                  </div>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {editing?.kind === 'record' && (
        <InstructorDialog instructor={editing.instructor} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'hours' && (
        <AvailabilityDialog instructor={editing.instructor} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
