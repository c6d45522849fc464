import { useState, type FormEvent } from 'react';
import { rosterChildKey, type RosterRow } from '../../contracts/admin/roster.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorIssues, apiErrorText, isApiError } from '../core/api.js';
import { formatTime } from '../core/format.js';
import { useRecordCollection, useUndoRosterRecord, focusLabelled } from './rosterApi.js';

/** In the roster's table: who may collect the child, or who did. */
export function PickupStatus({ row }: { row: RosterRow }) {
  if (row.collected) return <Collected row={row} />;
  return (
    <span className="roster-table__stack">
      {row.pickupAdults.map((a, i) => (
        <span key={`${i}:${a.name}`}>
          {a.name}
          {a.relationship && <span className="roster-table__muted"> ({a.relationship})</span>}
        </span>
      ))}
    </span>
  );
}

function Collected({ row }: { row: RosterRow }) {
  const c = row.collected!;
  return (
    <span className="roster-table__stack">
      {c.onList ? (
        <span>
          <span aria-hidden="true">✓ </span>
          {c.by}
          {c.relationship && <span className="roster-table__muted"> ({c.relationship})</span>}
        </span>
      ) : (
        <Badge variant="danger" className="roster-flag roster-flag--wrap">
          <span aria-hidden="true">⚠ </span>
          {c.by}: not on the list
        </Badge>
      )}
      <span className="roster-table__muted">collected at {formatTime(c.at)}</span>
    </span>
  );
}

/**
 * The end of the session, by keyboard: for each child, one press on a name of the family's list
 * records who collected them; "Someone else…" takes a name not on the list through a second,
 * confirming step, and the history flags it. Outside the table, so Tab reaches every button.
 */
export function PickupList({
  rows,
  workshopId,
  session,
  isRecordable,
}: {
  rows: RosterRow[];
  workshopId: string;
  session: number;
  /** False before the session's day: pick-up is recorded from that day. */
  isRecordable: boolean;
}) {
  const undo = useUndoRosterRecord(workshopId, 'collected');
  return (
    <section aria-labelledby="pickup-title" className="roster-pickup-list">
      <h2 id="pickup-title">End of class: who collected each child</h2>
      <ul>
        {rows.map((r) => (
          <li key={rosterChildKey(r)} className="roster-pickup-list__row">
            <strong>{r.name}</strong>
            {r.collected ? (
              <span className="roster-pickup">
                <Collected row={r} />
                <Button
                  variant="link"
                  size="sm"
                  aria-label={`Undo: ${r.name} collected by ${r.collected.by}`}
                  isDisabled={undo.isPending}
                  onPress={() =>
                    undo.mutate(
                      { enrollmentId: r.enrollmentId, participant: r.participant, session },
                      { onSuccess: () => focusLabelled(`${r.name} collected by someone else`) },
                    )
                  }
                >
                  Undo
                </Button>
              </span>
            ) : (
              <PickupButtons row={r} workshopId={workshopId} session={session} isRecordable={isRecordable} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PickupButtons({
  row,
  workshopId,
  session,
  isRecordable,
}: {
  row: RosterRow;
  workshopId: string;
  session: number;
  isRecordable: boolean;
}) {
  const record = useRecordCollection(workshopId);
  const [other, setOther] = useState(false);
  const collect = (collectedBy: string) =>
    record.mutate(
      { enrollmentId: row.enrollmentId, participant: row.participant, collectedBy, session },
      {
        onError: (err) =>
          toast({
            title: 'Not recorded',
            description: apiErrorText(err) ?? 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  return (
    <span className="roster-pickup">
      {row.pickupAdults.map((a, i) => (
        <Button
          key={`${i}:${a.name}`}
          variant="outline"
          size="sm"
          isDisabled={record.isPending || !isRecordable}
          aria-label={`${row.name} collected by ${a.name}${a.relationship ? ` (${a.relationship})` : ''}`}
          onPress={() => collect(a.name)}
        >
          {a.name}
          {a.relationship && <span className="roster-table__muted"> · {a.relationship}</span>}
        </Button>
      ))}
      <Button
        variant="ghost"
        size="sm"
        isDisabled={!isRecordable}
        aria-label={`${row.name} collected by someone else`}
        onPress={() => setOther(true)}
      >
        Someone else…
      </Button>
      {other && (
        <OtherAdultDialog row={row} workshopId={workshopId} session={session} onClose={() => setOther(false)} />
      )}
    </span>
  );
}

/** A name not on the pick-up list: typed, then confirmed after the server says it is not on the list. */
function OtherAdultDialog({
  row,
  workshopId,
  session,
  onClose,
}: {
  row: RosterRow;
  workshopId: string;
  session: number;
  onClose: () => void;
}) {
  const record = useRecordCollection(workshopId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [warning, setWarning] = useState<string | null>(null);

  const send = (confirmNotOnList: boolean) =>
    record.mutate(
      { enrollmentId: row.enrollmentId, participant: row.participant, collectedBy: name, confirmNotOnList, session },
      {
        onSuccess: onClose,
        onError: (err) => {
          if (isApiError(err, 409) && apiErrorIssues(err).collectedBy)
            setWarning(apiErrorText(err) ?? 'Not on the list.');
          else setError(apiErrorIssues(err).collectedBy ?? apiErrorText(err) ?? 'Please try again.');
        },
      },
    );
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (name.trim().length < 2) return setError('Please give the name of the adult collecting the child.');
    send(false);
  };

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Who collected ${row.name}?`}
      footer={
        warning ? (
          <>
            <Button variant="ghost" onPress={onClose}>
              Cancel
            </Button>
            <Button variant="danger" onPress={() => send(true)} isPending={record.isPending}>
              Confirm: {name} collected {row.name}
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" onPress={onClose}>
              Cancel
            </Button>
            <Button onPress={() => submit()} isPending={record.isPending}>
              Record
            </Button>
          </>
        )
      }
    >
      {warning ? (
        <p role="alert" className="roster-pickup__warning">
          <span aria-hidden="true">⚠ </span>
          {warning}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <TextField label="Full name of the adult" value={name} onChange={setName} autoFocus errorMessage={error} />
          <p className="roster-table__muted">
            On the list: {row.pickupAdults.map((a) => a.name).join(', ') || 'nobody yet'}.
          </p>
        </form>
      )}
    </Dialog>
  );
}
