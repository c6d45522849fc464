import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { Spinner } from '../components/Spinner.js';
import { queryKeys } from '../core/queryKeys.js';
import { clock, day, money } from './adminFormat.js';
import { courseDatesInWords, sessionCountWords } from '../../contracts/catalogue/session-words.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { DEFAULT_BALANCE_DUE_DAYS_BEFORE } from '../../contracts/enrollment/pricing.js';
import { useCatalogueWrite } from './catalogueWrites.js';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.js';
import { WorkshopFormDialog } from './WorkshopFormDialog.js';
import { WaitlistDialog } from './WaitlistDialog.js';
import { WorkshopMessagesDialog } from './WorkshopMessagesDialog.js';

/** The schedule with its seats, with create, edit and delete. */
export function WorkshopsPanel() {
  const workshops = useQuery<Workshop[]>({ queryKey: queryKeys.workshops() });
  const [editing, setEditing] = useState<Workshop | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Workshop | null>(null);
  const [waitlist, setWaitlist] = useState<Workshop | null>(null);
  const [messaging, setMessaging] = useState<Workshop | null>(null);
  const remove = useCatalogueWrite('workshop', () => setDeleting(null));

  const open = (w: Workshop | null) => {
    setEditing(w);
    setFormOpen(true);
  };

  return (
    <section aria-labelledby="workshops-heading" className="catalogue-panel">
      <div className="catalogue-panel__head">
        <h2 id="workshops-heading" className="admin-section-title">
          Workshops
        </h2>
        <Button onPress={() => open(null)}>Add Workshop</Button>
      </div>
      {workshops.isPending && <Spinner label="Loading workshops…" showLabel />}
      {workshops.isError && (
        <div role="alert" className="admin-error">
          <p>The workshops could not be loaded.</p>
          <Button variant="outline" onPress={() => void workshops.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {workshops.data && (
        <ul className="catalogue-list" aria-label="Workshops">
          {workshops.data.map((w) => (
            <li key={w.id} className="catalogue-item">
              <div className="catalogue-item__text">
                <h3 className="catalogue-item__title">{w.title}</h3>
                <p className="catalogue-item__meta">
                  {w.sessions.length > 1
                    ? `${sessionCountWords(w.sessions.length)}: ${courseDatesInWords(w.sessions, w.timeZone)}`
                    : `${day(w.date)}, ${clock(w.date)}`}{' '}
                  · {money(w.price)} · {w.seatsTaken} of {w.capacity} seats taken
                </p>
                {Boolean(w.depositCents) && (
                  <p className="catalogue-item__meta">
                    Deposit {formatUsd(w.depositCents!)} per participant, the balance due{' '}
                    {w.balanceDueDaysBefore ?? DEFAULT_BALANCE_DUE_DAYS_BEFORE} days before the start
                  </p>
                )}
                {w.paymentPlan && (
                  <p className="catalogue-item__meta">
                    Pay in up to {w.paymentPlan.installments} monthly instalments, the last{' '}
                    {w.paymentPlan.lastDueDaysBefore} days before the start
                  </p>
                )}
                <p className="catalogue-item__desc">{w.location}</p>
              </div>
              <div className="catalogue-item__actions">
                <Link
                  variant="secondary"
                  size="sm"
                  href={`/admin/workshops/${encodeURIComponent(w.id)}/roster`}
                  aria-label={`Roster of ${w.title}, ${day(w.date)}`}
                >
                  Roster
                </Link>
                <Button
                  variant="outline"
                  size="sm"
                  onPress={() => open(w)}
                  aria-label={`Edit ${w.title}, ${day(w.date)}`}
                >
                  Edit
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onPress={() => setWaitlist(w)}
                  aria-label={`Waitlist of ${w.title}, ${day(w.date)}`}
                >
                  Waitlist
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onPress={() => setMessaging(w)}
                  aria-label={`Messages to the families of ${w.title}, ${day(w.date)}`}
                >
                  Messages
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  onPress={() => setDeleting(w)}
                  aria-label={`Delete ${w.title}, ${day(w.date)}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <WaitlistDialog workshop={waitlist} onClose={() => setWaitlist(null)} />
      <WorkshopMessagesDialog workshop={messaging} onClose={() => setMessaging(null)} />
      <WorkshopFormDialog workshop={editing} isOpen={formOpen} onClose={() => setFormOpen(false)} />
      <ConfirmDeleteDialog
        subject={deleting && `the workshop “${deleting.title}” on ${day(deleting.date)}`}
        consequence="It leaves the schedule. A workshop with active enrollments cannot be deleted."
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ action: 'delete', id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
