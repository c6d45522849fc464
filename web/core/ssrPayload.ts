import { SSR_PAYLOAD_ID, type SsrPayload } from '../../contracts/site/ssr.js';

let read: SsrPayload | undefined;

/** The server's JSON data block of this page, parsed once however many modules ask. */
export function ssrPayload(): SsrPayload {
  read ??= JSON.parse(document.getElementById(SSR_PAYLOAD_ID)?.textContent ?? '{}') as SsrPayload;
  return read;
}
