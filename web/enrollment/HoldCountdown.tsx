import { useEffect, useState } from 'react';
import { Link } from '../components/Link.js';
import './HoldCountdown.css';

/** When the polite live region speaks: at these many seconds left (5 minutes, 1 minute). */
const ANNOUNCE_AT = [300, 60] as const;

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const minutes = (seconds: number) => {
  const m = Math.ceil(seconds / 60);
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
};

/**
 * How long the seats stay held for this checkout, counting down each second, and what happens at
 * zero. The visible clock is not read out every second: a polite live region says it once at 5
 * minutes and once at 1 minute left, and again when the hold has ended.
 */
export function HoldCountdown({ expiresAt, enrollHref }: { expiresAt: string; enrollHref: string }) {
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= end) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [end]);

  // The threshold reached (5 minutes, 1 minute, the end), said once each; a tab whose timers were
  // held back in the background says the one it has reached when it wakes.
  const reached = left === 0 ? 0 : (ANNOUNCE_AT.filter((t) => left <= t).at(-1) ?? null);
  useEffect(() => {
    if (reached === null) return;
    setAnnounced(
      reached === 0
        ? 'Your seats are no longer held. Go back to the form to enroll again.'
        : `${minutes(reached)} left to pay before your seats are released.`,
    );
  }, [reached]);

  return (
    <section className={left <= 60 ? 'hold-countdown hold-countdown--late' : 'hold-countdown'} aria-label="Seat hold">
      {left > 0 ? (
        <>
          <p className="hold-countdown__time">
            Your seats are held for <strong className="hold-countdown__clock">{clock(left)}</strong>
          </p>
          <p className="hold-countdown__note">
            Pay before the time runs out. At zero the seats are released for other families, and you would need to
            enroll again.
          </p>
        </>
      ) : (
        <>
          <p className="hold-countdown__time">
            <strong>Your seats are no longer held.</strong>
          </p>
          <p className="hold-countdown__note">
            They may have gone to another family. <Link href={enrollHref}>Go back to the form</Link> to enroll again:
            what you typed is still there.
          </p>
        </>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announced}
      </p>
    </section>
  );
}
