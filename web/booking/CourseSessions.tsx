import { useState } from 'react';
import type { BookingView } from '../../contracts/booking/api.js';
import { itemSessions, sessionsAttended } from '../../contracts/enrollment/events.js';
import { participantName } from '../../contracts/enrollment/participants.js';
import { sessionDayWords, sessionInWords, timeRangeWords } from '../../contracts/catalogue/session-words.js';
import { Button } from '../components/Button.js';
import { Select } from '../components/Select.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { useCourseChanges } from './api.js';

type Credit = BookingView['credits'][number];

/**
 * A course's sessions on the booking page: tell the school a child will miss a session that has
 * not begun (a make-up credit comes back), and book each credit into a session of another class of
 * the same program, or cancel that make-up before it starts.
 */
export function CourseSessions({
  token,
  booking: b,
  now,
  onNews,
}: {
  token: string;
  booking: BookingView;
  now: Date;
  onNews: (text: string) => void;
}) {
  const sessions = itemSessions(b.item);
  const names = b.participants.map((p, i) => participantName(p, i, b.contactName));
  const absent = new Set(b.absences.map((a) => `${a.session}:${a.participant}`));
  return (
    <>
      {b.status === 'completed' && (
        <AbsenceForm
          token={token}
          names={names}
          sessions={sessionsAttended(b.item).filter(({ session }) => Date.parse(session.startsAt) > now.getTime())}
          all={sessions.length}
          absent={absent}
          onNews={onNews}
        />
      )}
      {b.absences.length > 0 && (
        <ul className="booking__absences" aria-label="Absences reported">
          {b.absences.map((a) => (
            <li key={`${a.session}:${a.participant}`}>
              {names[a.participant] ?? `Participant ${a.participant + 1}`} misses {sessionInWords(sessions, a.session)}.
            </li>
          ))}
        </ul>
      )}
      {b.credits.length > 0 && (
        <section aria-labelledby="booking-credits-title" className="booking__credits">
          <h3 id="booking-credits-title">Make-up credits</h3>
          <ul className="booking__credit-list">
            {b.credits.map((c) => (
              <CreditItem key={c.creditId} token={token} credit={c} name={names[c.participant]} onNews={onNews} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function AbsenceForm({
  token,
  names,
  sessions,
  all,
  absent,
  onNews,
}: {
  token: string;
  names: string[];
  sessions: ReturnType<typeof sessionsAttended>;
  all: number;
  absent: Set<string>;
  onNews: (text: string) => void;
}) {
  const { reportAbsence } = useCourseChanges(token);
  const [participant, setParticipant] = useState('0');
  const open = sessions.filter(({ number }) => !absent.has(`${number}:${participant}`));
  const [session, setSession] = useState<string | null>(null);
  const chosen = open.some((s) => String(s.number) === session) ? session : null;
  const [problem, setProblem] = useState<string | null>(null);
  if (sessions.length === 0) return null;
  const submit = () => {
    if (!chosen) {
      setProblem('Choose the session your child will miss.');
      return;
    }
    setProblem(null);
    reportAbsence.mutate(
      { session: Number(chosen), participant: Number(participant) },
      {
        onSuccess: (r) => {
          setSession(null);
          onNews(
            `Thank you for telling us. A make-up credit for ${names[Number(participant)]} is below, valid until ${formatLongDate(r.validUntil)}.`,
          );
        },
        onError: (err) => setProblem(Object.values(apiErrorIssues(err))[0] ?? apiErrorText(err) ?? 'Please try again.'),
      },
    );
  };
  return (
    <form
      className="booking__absence"
      aria-labelledby="booking-absence-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id="booking-absence-title">Will your child miss a session?</h3>
      <p>
        Tell us before it starts: their seat goes to a make-up, and you get a credit to join another class of this
        program.
      </p>
      <div className="booking__absence-fields">
        {names.length > 1 && (
          <Select
            label="Participant"
            options={names.map((n, i) => ({ id: String(i), label: n }))}
            selectedKey={participant}
            onSelectionChange={(key) => setParticipant(String(key))}
          />
        )}
        <Select
          label="Session to miss"
          placeholder="Choose a session"
          options={open.map(({ number, session: s }) => ({
            id: String(number),
            label: `Session ${number} of ${all}, ${sessionDayWords(s)}`,
          }))}
          selectedKey={chosen}
          onSelectionChange={(key) => setSession(key === null ? null : String(key))}
          errorMessage={problem ?? undefined}
        />
      </div>
      <div className="button-row">
        <Button type="submit" variant="outline" isDisabled={reportAbsence.isPending || open.length === 0}>
          {reportAbsence.isPending ? 'Sending…' : 'Report absence'}
        </Button>
      </div>
    </form>
  );
}

const optionLabel = (o: Credit['options'][number]) =>
  `${o.title}: session ${o.session} of ${o.sessions}, ${sessionDayWords({ startsAt: o.startsAt, endsAt: o.endsAt })}, ${timeRangeWords({ startsAt: o.startsAt, endsAt: o.endsAt })} (${o.seatsLeft} ${o.seatsLeft === 1 ? 'seat' : 'seats'} left)`;

function CreditItem({
  token,
  credit: c,
  name,
  onNews,
}: {
  token: string;
  credit: Credit;
  name: string | undefined;
  onNews: (text: string) => void;
}) {
  const { bookMakeup, cancelMakeup } = useCourseChanges(token);
  const [choice, setChoice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const who = name ?? `Participant ${c.participant + 1}`;
  const origin = c.from ? ` (missed session ${c.from.session})` : ' (from the school)';
  const fail = (err: unknown) => setProblem(apiErrorText(err) ?? 'Please try again.');
  const book = () => {
    const option = c.options.find((o) => `${o.workshopId}:${o.session}` === choice);
    if (!option) {
      setProblem('Choose a session for the make-up.');
      return;
    }
    setProblem(null);
    bookMakeup.mutate(
      { creditId: c.creditId, workshopId: option.workshopId, session: option.session },
      {
        onSuccess: () =>
          onNews(`Make-up booked for ${who}: ${optionLabel(option).replace(/ \(\d+ seats? left\)$/, '')}.`),
        onError: fail,
      },
    );
  };
  return (
    <li className="booking__credit">
      <p>
        <strong>Make-up credit for {who}</strong>
        {origin}, valid until {formatLongDate(c.validUntil)}.
      </p>
      {c.status === 'booked' && c.booking && (
        <>
          <p>
            Booked: {c.booking.title}, session {c.booking.session}
            {c.booking.startsAt ? `, ${formatLongDate(c.booking.startsAt)}` : ''}.
          </p>
          <Button
            variant="outline"
            size="sm"
            isDisabled={cancelMakeup.isPending}
            onPress={() =>
              cancelMakeup.mutate(c.creditId, {
                onSuccess: () => onNews(`The make-up is cancelled; ${who}’s credit can be booked again.`),
                onError: fail,
              })
            }
          >
            Cancel make-up
          </Button>
        </>
      )}
      {c.status === 'expired' && <p>This credit has expired.</p>}
      {c.status === 'voided' && <p>This credit no longer applies: the place it came from was cancelled or moved.</p>}
      {c.status === 'available' &&
        (c.options.length === 0 ? (
          <p>No session of this program has a free seat right now. Please look again later, or call us.</p>
        ) : (
          <form
            className="booking__makeup"
            onSubmit={(e) => {
              e.preventDefault();
              book();
            }}
          >
            <Select
              label={`Make-up session for ${who}`}
              placeholder="Choose a session"
              options={c.options.map((o) => ({ id: `${o.workshopId}:${o.session}`, label: optionLabel(o) }))}
              selectedKey={choice}
              onSelectionChange={(key) => setChoice(key === null ? null : String(key))}
              errorMessage={problem ?? undefined}
            />
            <Button type="submit" size="sm" isDisabled={bookMakeup.isPending}>
              {bookMakeup.isPending ? 'Booking…' : 'Book make-up'}
            </Button>
          </form>
        ))}
      {problem && c.status !== 'available' && (
        <p role="alert" className="booking__problem">
          {problem}
        </p>
      )}
    </li>
  );
}
