import { useState } from 'react';
import type { LessonPackView } from '../../contracts/appointments/lesson-pack.js';
import { Button } from '../components/Button.js';
import { TextField } from '../components/TextField.js';
import { apiErrorText } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { fetchLessonPack } from './api.js';

/**
 * A lesson pack's code on the booking page (issue 38 item 7): it pays the lesson, and "Check what
 * is left" shows how many of its lessons remain and until when, before the parent books.
 */
export function PackCodeField({
  value,
  onChange,
  errorMessage,
}: {
  value: string;
  onChange: (value: string) => void;
  errorMessage?: string;
}) {
  const [shown, setShown] = useState<LessonPackView | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const check = async () => {
    setShown(null);
    setProblem(undefined);
    try {
      setShown(await fetchLessonPack(value.trim()));
    } catch (err) {
      setProblem(apiErrorText(err) ?? 'We could not check this code. Please try again.');
    }
  };
  return (
    <div className="book-appointment__pack">
      <TextField
        label="Lesson pack code"
        description="If you bought a pack of lessons, its code pays for this one: nothing is due by card."
        value={value}
        onChange={(v) => {
          onChange(v);
          setShown(null);
          setProblem(undefined);
        }}
        errorMessage={errorMessage ?? problem}
        autoComplete="off"
      />
      <Button variant="secondary" onPress={() => void check()} isDisabled={!value.trim()}>
        Check what is left
      </Button>
      {shown && (
        <p role="status" className="book-appointment__summary">
          {shown.remaining} of {shown.count} lessons left ({shown.typeTitle}), to use until{' '}
          {formatLongDate(shown.expiresAt)}.
        </p>
      )}
    </div>
  );
}
