import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { oneRowPerChild, type Roster } from '../../contracts/admin/roster.js';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { Spinner } from '../components/Spinner.js';
import { toast } from '../components/Toast.js';
import { apiErrorText, isApiError } from '../core/api.js';
import { AdminShell } from './AdminShell.js';
import { useMayUse } from './adminSession.js';
import { downloadCsv } from './exportCsv.js';
import { RosterTable } from './RosterTable.js';
import { RosterCertificates } from './RosterCertificates.js';
import { PickupList } from './Pickup.js';
import { Select } from '../components/Select.js';
import { sessionInWords, timeRangeWords } from '../../contracts/catalogue/session-words.js';
import { SignInSheet } from './SignInSheet.js';
import { focusLabelled, useMarkAttendance, useRoster, useUndoRosterRecord } from './rosterApi.js';
import { dayKeyOf, todayKey } from '../core/format.js';
import { hasDiet, hasMedical, longDate, photoFlag } from './rosterFormat.js';
import './roster.css';

/** /admin/workshops/:id/roster: who comes, what to watch for, who is here; prints as the sign-in sheet. */
export function RosterPage() {
  const id = useParams().id ?? '';
  // Until one is picked, the server's choice: the next session not yet over.
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const roster = useRoster(id, picked);
  // One row per child whatever the answer holds: two rows of one key would take the table down.
  const data = useMemo(() => roster.data && { ...roster.data, rows: oneRowPerChild(roster.data.rows) }, [roster.data]);
  const mark = useMarkAttendance(id, picked);
  const undo = useUndoRosterRecord(id, 'attendance');
  const [downloading, setDownloading] = useState(false);
  const may = useMayUse();
  // A 403 (a workshop someone else teaches) says what the role may do; trying again would not help.
  const refused = isApiError(roster.error, 403);
  const title = data ? `Roster: ${data.workshop.title}` : 'Workshop roster';

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCsv(`/api/admin/workshops/${encodeURIComponent(id)}/roster.csv`, 'roster.csv');
    } catch (err) {
      toast({
        title: 'Download failed',
        description: apiErrorText(err) ?? 'The CSV file could not be made. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <AdminShell
      title={title}
      area="rosters"
      actions={
        data && (
          <>
            <Button variant="secondary" onPress={() => void download()} isDisabled={downloading}>
              {downloading ? 'Downloading…' : 'Download CSV'}
            </Button>
            <Button variant="secondary" onPress={() => window.print()}>
              Print sign-in sheet
            </Button>
          </>
        )
      }
    >
      <div className="roster-screen">
        {may('catalogue') ? (
          <Link href="/admin?tab=workshops" className="roster-back">
            ← All workshops
          </Link>
        ) : (
          <Link href="/admin" className="roster-back">
            ← Your workshops
          </Link>
        )}
        {roster.isPending && <Spinner label="Loading the roster…" showLabel />}
        {roster.isError && (
          <div role="alert" className="admin-error">
            <p>{apiErrorText(roster.error) ?? 'The roster could not be loaded.'}</p>
            {!refused && (
              <Button variant="outline" onPress={() => void roster.refetch()}>
                Retry
              </Button>
            )}
          </div>
        )}
        {data && (
          <>
            <RosterSummary roster={data} />
            {data.sessions.length > 1 && (
              <Select
                className="roster-session"
                label="Session"
                options={data.sessions.map((s, i) => ({
                  id: String(i + 1),
                  label: `${sessionInWords(data!.sessions, i + 1)}, ${timeRangeWords(s)}`,
                }))}
                selectedKey={String(data.session)}
                onSelectionChange={(key) => key !== null && setPicked(Number(key))}
              />
            )}
            <RecordableFrom roster={data} />
            <RosterTable
              title={`${data.workshop.title}, session ${data.session}`}
              rows={data.rows}
              isRecordable={isRecordable(data)}
              onUndo={(r) =>
                undo.mutate(
                  { enrollmentId: r.enrollmentId, participant: r.participant, session: data!.session },
                  { onSuccess: () => focusLabelled(`Present: ${r.name}`) },
                )
              }
              onMark={(r, present) =>
                mark.mutate({
                  enrollmentId: r.enrollmentId,
                  participant: r.participant,
                  present,
                  session: data!.session,
                })
              }
            />
            {data.rows.length > 0 && (
              <PickupList rows={data.rows} workshopId={id} session={data.session} isRecordable={isRecordable(data)} />
            )}
            {/* Certificates are the office's (the area `other`), not an instructor's. */}
            {may('other') && <RosterCertificates workshopId={id} />}
          </>
        )}
      </div>
      {data && <SignInSheet roster={data} />}
    </AdminShell>
  );
}

/** The session the roster shows begins today or has begun (the school's day): marks and pick-up are taken from then. */
const isRecordable = (roster: Roster) => {
  const session = roster.sessions[roster.session - 1];
  return !session || dayKeyOf(session.startsAt) <= todayKey();
};

/** Before the session's day, why the boxes and buttons wait: a tap weeks ahead must not record a child present. */
function RecordableFrom({ roster }: { roster: Roster }) {
  const session = roster.sessions[roster.session - 1];
  if (!session || isRecordable(roster)) return null;
  return (
    <p className="roster-wait" role="note">
      Attendance and pick-up are recorded from {longDate(session.startsAt)}, the day of this session.
    </p>
  );
}

function RosterSummary({ roster }: { roster: Roster }) {
  const { workshop, rows } = roster;
  const diet = rows.filter(hasDiet).length;
  const medical = rows.filter(hasMedical).length;
  const noPhotos = rows.filter(photoFlag).length;
  const present = rows.filter((r) => r.present === true).length;
  return (
    <div className="roster-summary">
      <p className="roster-summary__when">
        {roster.sessions.length > 1
          ? `${sessionInWords(roster.sessions, roster.session)} · ${timeRangeWords(roster.sessions[roster.session - 1]!)}`
          : `${longDate(workshop.date)} · ${workshop.time}`}{' '}
        · {workshop.location}
        {workshop.instructor && ` · ${workshop.instructor}`}
      </p>
      <ul className="roster-summary__counts" aria-label="Roster summary">
        <li>
          <strong>{rows.filter((r) => r.absence !== 'notified').length}</strong> of {workshop.capacity} expected
        </li>
        <li>
          <strong>{present}</strong> present
        </li>
        <li className={diet ? 'roster-summary__alert' : undefined}>
          <strong>{diet}</strong> with allergies or dietary needs
        </li>
        {medical > 0 && (
          <li className="roster-summary__alert">
            <strong>{medical}</strong> with medical notes
          </li>
        )}
        <li className={noPhotos ? 'roster-summary__alert' : undefined}>
          <strong>{noPhotos}</strong> not to be photographed
        </li>
      </ul>
    </div>
  );
}
