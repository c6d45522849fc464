import type { PurchasedItem } from '../../contracts/enrollment/events.js';
import { Badge } from '../components/Badge.js';
import { formatLongDate } from '../core/format.js';
import { Row } from './OrderRow.js';
import { SessionList } from '../catalogue/SessionList.js';

/** What was booked, as the order confirmation and the parent's booking page both show it: title, attire, when and where. */
export function PurchasedItemDetails({ item }: { item: PurchasedItem }) {
  return (
    <>
      <p className="confirm__title">{item.title}</p>
      {item.attire && (
        <Badge variant="accent" className="confirm__attire">
          Attire: {item.attire}
        </Badge>
      )}
      {item.sessions && item.sessions.length > 1 && (
        <SessionList
          sessions={item.sessions}
          timeZone={item.timeZone}
          from={item.fromSession ?? 1}
          label={`Every session of ${item.title}`}
        />
      )}
      <dl className="confirm__list">
        <Row
          label={item.sessions && item.sessions.length > 1 ? 'First session' : 'Date'}
          value={item.date ? formatLongDate(item.date, item.timeZone) : ''}
        />
        <Row label="Time" value={item.time} />
        <Row label="Location" value={item.location} />
        <Row label="Instructor" value={item.instructor} />
        <Row label="Duration" value={item.duration} />
      </dl>
    </>
  );
}
