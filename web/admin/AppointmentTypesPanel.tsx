import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AppointmentType } from '../../contracts/appointments/appointment-type.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import type { InstructorView } from '../../contracts/instructors/instructor.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { AppointmentTypeDialog } from './AppointmentTypeDialog.js';

const priceText = (t: AppointmentType) =>
  [
    formatUsd(t.priceCents),
    t.guests && `+ ${formatUsd(t.guests.priceCentsPerGuest)} a guest (${t.guests.min}-${t.guests.max})`,
    t.depositCents && `deposit ${formatUsd(t.depositCents)}`,
  ]
    .filter(Boolean)
    .join(', ');

/** The private lessons and parties parents may book against the instructors' hours (issue 38 item 3). */
export function AppointmentTypesPanel() {
  const types = useQuery({
    queryKey: queryKeys.adminAppointmentTypes(),
    queryFn: adminQueryFn as () => Promise<AppointmentType[]>,
  });
  const instructors = useQuery({
    queryKey: queryKeys.adminInstructors(),
    queryFn: adminQueryFn as () => Promise<InstructorView[]>,
  });
  const [editing, setEditing] = useState<{ type: AppointmentType | null } | null>(null);
  const names = new Map((instructors.data ?? []).map((i) => [i.id, i.name]));

  return (
    <section aria-labelledby="appointment-types-heading" className="catalogue-panel">
      <div className="catalogue-panel__head">
        <h2 id="appointment-types-heading" className="admin-section-title">
          Lessons and parties
        </h2>
        <Button onPress={() => setEditing({ type: null })}>New appointment type</Button>
      </div>
      {types.isPending && <Spinner label="Loading appointment types…" showLabel />}
      {types.isError && (
        <div role="alert" className="admin-error">
          <p>The appointment types could not be loaded.</p>
        </div>
      )}
      {types.data && types.data.length === 0 && <p>No lesson or party types yet.</p>}
      {types.data && types.data.length > 0 && (
        <Table aria-label="Appointment types">
          <TableHeader>
            <Column isRowHeader>Title</Column>
            <Column>Kind</Column>
            <Column>Length</Column>
            <Column>Price</Column>
            <Column>Instructors</Column>
            <Column>
              <span className="sr-only">Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={types.data}>
            {(t) => (
              <Row id={t.id} textValue={t.title}>
                <Cell label="Title">
                  <strong>{t.title}</strong>
                </Cell>
                <Cell label="Kind">{t.kind === 'party' ? 'Party' : 'Lesson'}</Cell>
                <Cell label="Length">{t.minutes} min</Cell>
                <Cell label="Price">{priceText(t)}</Cell>
                <Cell label="Instructors">{t.instructorIds.map((id) => names.get(id) ?? id).join(', ')}</Cell>
                <Cell label="Actions">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${t.title}`}
                    onPress={() => setEditing({ type: t })}
                  >
                    Edit
                  </Button>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {editing && (
        <AppointmentTypeDialog
          type={editing.type}
          instructors={instructors.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
