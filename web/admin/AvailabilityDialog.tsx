import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  AvailabilityInputSchema,
  WEEKDAY_NAMES,
  type Availability,
  type AvailabilityException,
  type WeeklyHours,
} from '../../contracts/instructors/availability.js';
import type { InstructorView } from '../../contracts/instructors/instructor.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { useSetAvailability } from './instructorWrites.js';
import './instructors.css';

const isBlackout = (e: AvailabilityException) => !e.available && e.from === undefined;

/**
 * An instructor's weekly hours as a week grid (a row per weekday, each with its ranges, added and
 * removed by buttons, so all of it works by keyboard) and their blackout days. Exceptions with hours
 * (time off part of a day, an extra day) are kept as they are. Saved as a whole.
 */
export function AvailabilityDialog({ instructor, onClose }: { instructor: InstructorView; onClose: () => void }) {
  const [weekly, setWeekly] = useState<WeeklyHours[]>(instructor.availability.weekly);
  const [blackouts, setBlackouts] = useState<string[]>(
    instructor.availability.exceptions.filter(isBlackout).map((e) => e.date),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSetAvailability(instructor.id);
  const kept = instructor.availability.exceptions.filter((e) => !isBlackout(e));

  const setRow = (index: number, change: Partial<WeeklyHours>) =>
    setWeekly((rows) => rows.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const body = (): Availability => ({
    weekly,
    exceptions: [...blackouts.map((date) => ({ date, available: false })), ...kept],
  });
  // Blackout days come first in the body: their issues ("exceptions.2.date") are the list's own rows.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AvailabilityInputSchema.safeParse(body());
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: `${instructor.name}'s hours saved` });
        onClose();
      },
      onError: (err) => {
        const issues = apiErrorIssues(err);
        if (Object.keys(issues).length > 0) setErrors(issues);
        else
          toast({
            title: 'The hours were not saved',
            description: apiErrorText(err) ?? 'Please try again.',
            variant: 'destructive',
          });
      },
    });
  };

  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={`${instructor.name}'s hours`} size="lg">
      <Form onSubmit={submit} validationBehavior="aria" className="admin-form" aria-label="Weekly hours">
        <p>Times are on the school's clock (Central time).</p>
        <table className="week-grid">
          <caption className="sr-only">Weekly hours</caption>
          <tbody>
            {WEEKDAY_NAMES.map((dayName, d) => {
              const weekday = d + 1;
              const rows = weekly.map((r, index) => ({ ...r, index })).filter((r) => r.weekday === weekday);
              return (
                <tr key={dayName}>
                  <th scope="row">{dayName}</th>
                  <td>
                    {rows.length === 0 && <span className="week-grid__none">Not teaching</span>}
                    {rows.map((r, n) => (
                      <div
                        className="week-grid__range"
                        key={r.index}
                        role="group"
                        aria-label={`${dayName} hours ${n + 1}`}
                      >
                        <TextField
                          label="From"
                          type="time"
                          value={r.from}
                          onChange={(from) => setRow(r.index, { from })}
                          errorMessage={errors[`weekly.${r.index}.from`]}
                        />
                        <TextField
                          label="To"
                          type="time"
                          value={r.to}
                          onChange={(to) => setRow(r.index, { to })}
                          errorMessage={errors[`weekly.${r.index}.to`]}
                        />
                        <Button
                          variant="ghost"
                          aria-label={`Remove ${dayName} hours ${n + 1}`}
                          onPress={() => setWeekly((all) => all.filter((_, i) => i !== r.index))}
                        >
                          Remove
                        </Button>
                      </div>
                    ))}
                    <Button
                      variant="ghost"
                      aria-label={`Add hours on ${dayName}`}
                      onPress={() => setWeekly((all) => [...all, { weekday, from: '09:00', to: '17:00' }])}
                    >
                      Add hours
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <fieldset className="week-grid__blackouts">
          <legend>Days off</legend>
          {blackouts.length === 0 && <p>No days off.</p>}
          {blackouts.map((date, i) => (
            <div className="week-grid__range" key={i}>
              <TextField
                label={`Day off ${i + 1}`}
                type="date"
                value={date}
                onChange={(value) => setBlackouts((all) => all.map((d, j) => (j === i ? value : d)))}
                errorMessage={errors[`exceptions.${i}.date`]}
              />
              <Button
                variant="ghost"
                aria-label={`Remove day off ${i + 1}`}
                onPress={() => setBlackouts((all) => all.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button variant="ghost" onPress={() => setBlackouts((all) => [...all, ''])}>
            Add a day off
          </Button>
        </fieldset>
        {kept.length > 0 && (
          <p>
            {kept.length} other change{kept.length === 1 ? '' : 's'} of hours on particular days{' '}
            {kept.length === 1 ? 'is' : 'are'} kept as they are.
          </p>
        )}
        <div className="admin-form__actions">
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save hours'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
