import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { formatLongDate } from '../core/format.js';
import { courseDatesInWords } from '../../contracts/catalogue/session-words.js';
import { SessionList } from './SessionList.js';
import { saleStateOf } from './saleState.js';
import { StatusBadge } from './SpotsBadge.js';
import { WorkshopAction } from './WorkshopAction.js';
import { Fact } from './WorkshopCard.js';
import { workshopPrice, workshopTime } from './workshopText.js';
import './WorkshopDialog.css';

export interface WorkshopDialogProps {
  workshop: Workshop | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The moment the page decides open, full or closed on. */
  now: Date;
}

export function WorkshopDialog({ workshop: w, isOpen, onOpenChange, now }: WorkshopDialogProps) {
  if (!w) return null;
  const state = saleStateOf(w, now);
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      title={w.title}
      footer={
        <>
          <Button variant="ghost" onPress={() => onOpenChange(false)}>
            Close
          </Button>
          <WorkshopAction workshop={w} state={state} />
        </>
      }
    >
      <div className="workshop-dialog">
        <div className="workshop-dialog__main">
          <p className="workshop-dialog__lead">{w.description}</p>
          {w.longDescription && <p className="workshop-dialog__long">{w.longDescription}</p>}
          {w.additionalInfo && w.additionalInfo.length > 0 && (
            <section aria-labelledby="workshop-more-info">
              <h3 id="workshop-more-info" className="workshop-dialog__subhead">
                Additional Information
              </h3>
              <dl className="info-list">
                {w.additionalInfo.map((pair) => (
                  <div key={pair.label} className="info-list__row">
                    <dt>{pair.label}</dt>
                    <dd>{pair.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
        <aside className="workshop-dialog__panel" aria-labelledby="workshop-event-details">
          <h3 id="workshop-event-details" className="workshop-dialog__subhead">
            Event Details
          </h3>
          {w.sessions.length > 1 && (
            <section aria-label={`${w.sessions.length} sessions`} className="workshop-dialog__sessions">
              <p className="workshop-dialog__course">{courseDatesInWords(w.sessions, w.timeZone)}</p>
              <SessionList sessions={w.sessions} timeZone={w.timeZone} label={`Every session of ${w.title}`} />
            </section>
          )}
          <dl className="facts facts--panel">
            <Fact label={w.sessions.length > 1 ? 'First session' : 'Date'} value={formatLongDate(w.date, w.timeZone)} />
            <Fact label="Time" value={workshopTime(w)} />
            <Fact label="Location" value={w.location} />
            <Fact label="Instructor" value={w.instructor} />
            <Fact label="Duration" value={w.duration} />
            <Fact label="Age range" value={w.ageRange} />
            <Fact label="Attire" value={w.attire} />
            <Fact label="Price" value={workshopPrice(w)} strong />
            <Fact label="Note" value={w.note} />
          </dl>
          <StatusBadge state={state} spotsLeft={w.spotsLeft} />
        </aside>
      </div>
    </Dialog>
  );
}
