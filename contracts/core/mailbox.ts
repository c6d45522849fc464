/**
 * Providers known to deliver `j.o.h.n@…` to `john@…`: the dots of the local part are ignored.
 * googlemail.com is gmail.com under another name.
 */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);
const SAME_AS: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/**
 * The one inbox an address reaches, for every allowance kept per address (issue 36): lower case,
 * the `+tag` of sub-addressing dropped (`jane+school@…` is `jane@…`), and for providers that
 * ignore dots (Gmail) the local part's dots too. Only for counting: an e-mail is always sent to
 * the address as typed. Something that is not `local@domain` is only trimmed and lower-cased.
 */
export function canonicalMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0 || at === lower.length - 1) return lower;
  const domain = SAME_AS[lower.slice(at + 1)] ?? lower.slice(at + 1);
  let local = lower.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) local = local.replace(/\./g, '') || local;
  return `${local}@${domain}`;
}
