import { SCHOOL_TIME_ZONE } from './location.js';

/**
 * Times read in a location's zone (issue 41 item 3). A time on the school's own clock reads as it
 * always has; in another zone it says which ("10:00 AM MT"), by the zone database's generic short
 * name, so a daylight-saving change never shows the wrong letter.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (key: string, make: () => Intl.DateTimeFormat) => {
  let f = formats.get(key);
  if (!f) formats.set(key, (f = make()));
  return f;
};

const zoneOf = (timeZone: string | undefined) => timeZone || SCHOOL_TIME_ZONE;

/** "MT" for America/Denver, '' on the school's clock. */
export function zoneLabel(timeZone: string | undefined, at: string | number = Date.now()): string {
  const zone = zoneOf(timeZone);
  if (zone === SCHOOL_TIME_ZONE) return '';
  const f = formatOf(
    `label:${zone}`,
    () => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortGeneric' }),
  );
  return f.formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

const withLabel = (text: string, timeZone: string | undefined, at: string | number) => {
  const label = zoneLabel(timeZone, at);
  return label ? `${text} ${label}` : text;
};

/** "10:00 AM" in the zone, with its label when not the school's ("10:00 AM MT"). */
export function zonedClockText(instant: string | number, timeZone?: string): string {
  const zone = zoneOf(timeZone);
  const f = formatOf(
    `clock:${zone}`,
    () => new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }),
  );
  return withLabel(f.format(new Date(instant)), timeZone, instant);
}

/** "Mon, Jun 9, 2025, 10:00 AM" in the zone, labelled when not the school's. */
export function zonedTimeText(instant: string | number, timeZone?: string): string {
  const zone = zoneOf(timeZone);
  const f = formatOf(
    `text:${zone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  );
  return withLabel(f.format(new Date(instant)), timeZone, instant);
}

/** "14:00": an instant's time of day in the zone (as a time input holds it). */
export function zonedWallTime(instant: string | number, timeZone?: string): string {
  const zone = zoneOf(timeZone);
  const f = formatOf(
    `wall:${zone}`,
    () => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  );
  return f.format(new Date(instant));
}
