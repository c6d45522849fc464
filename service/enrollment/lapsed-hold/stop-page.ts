import { SCHOOL } from '../../../contracts/core/school.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The stop link's page: a button that posts (so a mail scanner following the link stops nothing),
 * or, once pressed (`action` null), the words that it is done. Plain HTML: it works without script.
 */
export function stopPage(action: string | null): string {
  const body =
    action === null
      ? '<p>Done: we will send you no more notes about released seats.</p>'
      : `<p>Stop the notes we send when seats you held are released?</p><form method="post" action="${escape(action)}"><button type="submit">Send me no more such notes</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(SCHOOL.name)}: notes about released seats</title></head><body><main><h1>${escape(SCHOOL.name)}</h1>${body}</main></body></html>`;
}
