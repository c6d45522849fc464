/**
 * How long a program runs, as its card says it: "4 weeks" is a "4-week course", "4 days" a "4-day
 * course", "1.5 hours" a "1.5-hour class". A duration it cannot read as a length (a time of day,
 * "A weekend") says nothing rather than something wrong.
 */
export function programLengthWords(duration: string | undefined): string | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s+(week|day|hour)s?\s*$/i.exec(duration ?? '');
  if (!m) return null;
  const unit = m[2]!.toLowerCase();
  return `${m[1]}-${unit} ${unit === 'hour' ? 'class' : 'course'}`;
}
