import { useState } from 'react';
import type { AdminSession } from '../../contracts/admin/catalogue-forms.js';
import { MAX_ADMIN_SESSIONS } from '../../contracts/admin/catalogue-forms.js';
import { Button } from '../components/Button.js';
import { NumberField } from '../components/NumberField.js';
import { TextField } from '../components/TextField.js';
import './SessionsField.css';

/** "2025-08-02T10:00" moved `days` later on the wall clock (the school's: no zone arithmetic). */
export function addDays(wall: string, days: number): string {
  const [day, time] = wall.split('T') as [string, string | undefined];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  return time === undefined ? next : `${next}T${time}`;
}

/**
 * The sessions after the first of a course (the first is the form's Starts and Ends): add, remove,
 * or repeat the first weekly N times in all. Each row's problems are the API's, on `sessions.<n>`
 * counted from the first session (row 0 here is session 2).
 */
export function SessionsField({
  first,
  rows,
  onChange,
  errors,
}: {
  first: AdminSession | null;
  rows: AdminSession[];
  onChange: (rows: AdminSession[]) => void;
  errors: Record<string, string | undefined>;
}) {
  const [count, setCount] = useState(4);
  const set = (i: number, key: keyof AdminSession, value: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const last = rows[rows.length - 1] ?? first;
  const total = rows.length + 1;
  return (
    <fieldset className="admin-form__group sessions-field">
      <legend>More sessions</legend>
      <p className="field__description">
        A course meets on several dates; one enrollment buys every session. Session 1 is the Starts and Ends above.
      </p>
      {rows.length > 0 && (
        <ol className="sessions-field__list" aria-label="Sessions after the first">
          {rows.map((r, i) => (
            <li key={i} className="sessions-field__row">
              <TextField
                label={`Session ${i + 2} starts`}
                type="datetime-local"
                name={`sessions.${i + 1}.startsAt`}
                value={r.startsAt}
                onChange={(v) => set(i, 'startsAt', v)}
                errorMessage={errors[`sessions.${i + 1}.startsAt`]}
              />
              <TextField
                label={`Session ${i + 2} ends`}
                type="datetime-local"
                name={`sessions.${i + 1}.endsAt`}
                value={r.endsAt}
                onChange={(v) => set(i, 'endsAt', v)}
                errorMessage={errors[`sessions.${i + 1}.endsAt`]}
              />
              <Button variant="ghost" size="sm" onPress={() => onChange(rows.filter((_, j) => j !== i))}>
                Remove session {i + 2}
              </Button>
            </li>
          ))}
        </ol>
      )}
      {errors.sessions && (
        <p className="field__error" role="alert">
          {errors.sessions}
        </p>
      )}
      <div className="sessions-field__actions">
        <Button
          variant="outline"
          size="sm"
          isDisabled={!last || total >= MAX_ADMIN_SESSIONS}
          onPress={() =>
            last && onChange([...rows, { startsAt: addDays(last.startsAt, 7), endsAt: addDays(last.endsAt, 7) }])
          }
        >
          Add session
        </Button>
        <NumberField
          label="Sessions in all"
          value={count}
          onChange={(n) => setCount(Number.isFinite(n) ? n : 1)}
          minValue={1}
          maxValue={MAX_ADMIN_SESSIONS}
          step={1}
        />
        <Button
          variant="outline"
          size="sm"
          isDisabled={!first}
          onPress={() =>
            first &&
            onChange(
              Array.from({ length: Math.max(0, Math.min(MAX_ADMIN_SESSIONS, count) - 1) }, (_, k) => ({
                startsAt: addDays(first.startsAt, 7 * (k + 1)),
                endsAt: addDays(first.endsAt, 7 * (k + 1)),
              })),
            )
          }
        >
          Repeat weekly from session 1
        </Button>
      </div>
    </fieldset>
  );
}
