const compiled = new Map<string, readonly string[]>();
/** A path split once: registry paths and their leaves (array indexes up to a booking's size) are few, and met on every event. */
const partsOf = (pattern: string): readonly string[] => {
  let parts = compiled.get(pattern);
  if (!parts) compiled.set(pattern, (parts = pattern.split('.')));
  return parts;
};

/**
 * The leaves a registry path names in one event's data: `form.participantDetails.*.name` gives
 * `form.participantDetails.0.name`, `form.participantDetails.1.name`... for the elements present.
 * A path whose parent is absent (an optional field, an older event) names nothing.
 */
export function leavesOf(data: unknown, pattern: string): string[] {
  const parts = partsOf(pattern);
  const found: string[] = [];
  const at: string[] = [];
  const walk = (value: unknown, i: number): void => {
    if (i === parts.length) {
      found.push(at.join('.'));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const head = parts[i]!;
    if (head === '*') {
      if (!Array.isArray(value)) return;
      for (let k = 0; k < value.length; k++) {
        at.push(String(k));
        walk(value[k], i + 1);
        at.pop();
      }
      return;
    }
    if (!Object.hasOwn(value, head)) return;
    at.push(head);
    walk((value as Record<string, unknown>)[head], i + 1);
    at.pop();
  };
  walk(data, 0);
  return found;
}

export function getAt(data: unknown, path: string): unknown {
  let value = data;
  for (const part of partsOf(path)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Sets a leaf the path already names (leavesOf found it), in place. */
export function setAt(data: unknown, path: string, leaf: unknown): void {
  const parts = partsOf(path);
  let value = data as Record<string, unknown>;
  for (let i = 0; i < parts.length - 1; i++) value = value[parts[i]!] as Record<string, unknown>;
  value[parts[parts.length - 1]!] = leaf;
}
