/**
 * What the visitor put into a server-rendered form before React took it over: text typed, a field
 * the browser filled (autofill, or the fields it restores on Back). React hydrates a controlled
 * input without touching what it holds, but its state is still the server's value, so the next
 * render of that field would write the server's value back over it (React 19 replays no change
 * event for it). The form reads it once, as it goes live, into its state (`useFormModel`'s
 * `adoptTyped`), before anything renders again.
 *
 * What changed is told by the element itself: its `defaultValue` (`defaultChecked`) is the value
 * React rendered, and React leaves the current value alone while hydrating. Number fields
 * (react-aria's NumberField names only a hidden input) mark their visible input `data-field`.
 */

/** A field's value in the form's values: a top-level name, or `list.index.key` inside a list field. */
function valueAt(values: object, path: string[]): unknown {
  let at: unknown = values;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function withValueAt<V extends object>(values: V, path: string[], value: unknown): V {
  const [head, ...rest] = path;
  if (head === undefined) return value as V;
  const container = values as Record<string, unknown>;
  const inner = container[head];
  const next = rest.length === 0 ? value : withValueAt(inner as object, rest, value);
  if (Array.isArray(values)) {
    const copy = [...values];
    copy[Number(head)] = next;
    return copy as V;
  }
  return { ...container, [head]: next } as V;
}

/** A whole number as typed ("1,000" in en-US), or null when the field is empty or holds no number. */
function typedNumber(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/**
 * `values` with every field of `form` whose element holds something other than what React
 * rendered into it, or null when there is none. Only fields the values already have are read,
 * each as its own kind (text, yes/no, number).
 */
export function valuesTypedInto<V extends object>(form: HTMLFormElement | null, values: V): V | null {
  if (!form) return null;
  let next = values;
  let changed = false;
  const fields = form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[name]:not([type="hidden"]), textarea[name], input[data-field]',
  );
  for (const element of fields) {
    const name = element.dataset.field ?? element.name;
    const path = name.split('.');
    const current = valueAt(next, path);
    let typed: unknown;
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      if (element.checked === element.defaultChecked || typeof current !== 'boolean') continue;
      typed = element.checked;
    } else {
      if (element.value === element.defaultValue) continue;
      if (typeof current === 'string') typed = element.value;
      else if (typeof current === 'number' || current === null) typed = typedNumber(element.value);
      else continue;
    }
    if (Object.is(typed, current)) continue;
    next = withValueAt(next, path, typed);
    changed = true;
  }
  return changed ? next : null;
}
