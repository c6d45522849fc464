/**
 * The leaves a registry path names in one event's data: `form.participantDetails.*.name` gives
 * `form.participantDetails.0.name`, `form.participantDetails.1.name`... for the elements present.
 * A path whose parent is absent (an optional field, an older event) names nothing.
 */
export function leavesOf(data: unknown, pattern: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown, parts: string[], at: string[]) => {
    if (parts.length === 0) {
      found.push(at.join('.'));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const [head, ...rest] = parts as [string, ...string[]];
    if (head === '*') {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, rest, [...at, String(i)]));
      return;
    }
    if (!Object.hasOwn(value, head)) return;
    walk((value as Record<string, unknown>)[head], rest, [...at, head]);
  };
  walk(data, pattern.split('.'), []);
  return found;
}

export function getAt(data: unknown, path: string): unknown {
  let value = data;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Sets a leaf the path already names (leavesOf found it), in place. */
export function setAt(data: unknown, path: string, leaf: unknown): void {
  const parts = path.split('.');
  let value = data as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) value = value[part] as Record<string, unknown>;
  value[parts[parts.length - 1]!] = leaf;
}
