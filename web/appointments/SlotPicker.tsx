import { useMemo, useState } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import type { SlotView } from '../../contracts/appointments/appointment-type.js';
import { Calendar } from '../components/Calendar.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import { Select } from '../components/Select.js';
import { Spinner } from '../components/Spinner.js';
import { dayKeyOf, formatDayKey, formatTime, todayKey } from '../core/format.js';
import { useSlots } from './api.js';

/** How far ahead the picker asks for free times at once (the type's horizon, at most two months). */
const MAX_DAYS = 62;

const addDays = (day: string, days: number) => parseDate(day).add({ days }).toString();

export interface SlotPickerProps {
  typeId: string;
  instructors: readonly { id: string; name: string }[];
  horizonDays: number;
  value: SlotView | null;
  onChange(slot: SlotView | null): void;
  errorMessage?: string;
}

const slotKey = (s: SlotView) => `${s.startsAt}|${s.instructorId}`;

/**
 * The free times of a lesson or party: the instructor (or any), a month calendar whose days
 * without a free time cannot be chosen, and that day's times as radio buttons (arrow keys move
 * between them). Everything by keyboard, as react-aria's calendar and radio group are.
 */
export function SlotPicker({ typeId, instructors, horizonDays, value, onChange, errorMessage }: SlotPickerProps) {
  const today = todayKey();
  const last = addDays(today, Math.min(horizonDays, MAX_DAYS));
  const [instructorId, setInstructorId] = useState<string | null>(null);
  const slots = useSlots(typeId, today, last, instructorId);
  const byDay = useMemo(() => {
    const days = new Map<string, SlotView[]>();
    for (const s of slots.data ?? []) {
      const day = dayKeyOf(s.startsAt);
      days.set(day, [...(days.get(day) ?? []), s]);
    }
    return days;
  }, [slots.data]);
  const [day, setDay] = useState<string | null>(null);
  const firstDay = [...byDay.keys()][0] ?? today;
  const shownDay = day && byDay.has(day) ? day : null;
  const times = shownDay ? (byDay.get(shownDay) ?? []) : [];
  const several = instructorId === null && instructors.length > 1;

  return (
    <div className="slot-picker">
      {instructors.length > 1 && (
        <Select
          label="Instructor"
          options={[{ id: 'any', label: 'Any instructor' }, ...instructors.map((i) => ({ id: i.id, label: i.name }))]}
          selectedKey={instructorId ?? 'any'}
          onSelectionChange={(key) => {
            setInstructorId(key === 'any' ? null : String(key));
            onChange(null);
          }}
        />
      )}
      {slots.isPending ? (
        <Spinner label="Finding free times…" showLabel />
      ) : byDay.size === 0 ? (
        <p role="status">No free times in the next weeks. Please contact us and we will find one.</p>
      ) : (
        <div className="slot-picker__grid">
          <Calendar<CalendarDate>
            aria-label="Choose a day"
            value={shownDay ? parseDate(shownDay) : null}
            onChange={(d) => {
              setDay(d.toString());
              onChange(null);
            }}
            defaultFocusedValue={parseDate(firstDay)}
            minValue={parseDate(today)}
            maxValue={parseDate(last)}
            isDateUnavailable={(d) => !byDay.has(d.toString())}
            isMarked={(d) => byDay.has(d.toString())}
          />
          <div className="slot-picker__times">
            {shownDay ? (
              <RadioGroup
                label={`Free times on ${formatDayKey(shownDay)}`}
                value={value ? slotKey(value) : null}
                onChange={(key) => onChange(times.find((s) => slotKey(s) === key) ?? null)}
                errorMessage={errorMessage}
                isRequired
              >
                {times.map((s) => (
                  <Radio key={slotKey(s)} value={slotKey(s)}>
                    {formatTime(s.startsAt)}
                    {several ? ` with ${s.instructorName}` : ''}
                  </Radio>
                ))}
              </RadioGroup>
            ) : (
              <p className="slot-picker__hint">Choose a day in the calendar to see its free times.</p>
            )}
            {!shownDay && errorMessage && (
              <p className="field__error" role="alert">
                {errorMessage}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
