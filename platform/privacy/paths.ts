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

/**
 * Registry paths merged into one tree, so one walk of an event finds the leaves of all of them;
 * paths come in groups (an event's key scopes), and each leaf says which group named it.
 */
export interface PathTree {
  /** The group of the path that ends here; -1 when none does. */
  group: number;
  /** `*`: every element of an array. */
  each: PathTree | null;
  /** Named keys of an object (or indexes of an array, as `leavesOf` reads them). */
  named: { key: string; node: PathTree }[];
}

const node = (): PathTree => ({ group: -1, each: null, named: [] });

export function pathTree(...groups: readonly (readonly string[])[]): PathTree {
  const root = node();
  groups.forEach((patterns, group) => {
    for (const pattern of patterns) {
      let at = root;
      for (const part of partsOf(pattern)) {
        if (part === '*') at = at.each ??= node();
        else {
          let next = at.named.find((n) => n.key === part)?.node;
          if (!next) at.named.push({ key: part, node: (next = node()) });
          at = next;
        }
      }
      at.group = group;
    }
  });
  return root;
}

/**
 * `data` with each leaf the tree names (the leaves `leavesOf` finds, by their dotted path) replaced
 * by what `replace` returns for it. Copy on write: only the objects and arrays on the way to a
 * changed leaf are copied, the rest is shared, and `data` itself is returned when nothing changed.
 * `data` is never modified.
 */
export function replaceLeaves(
  data: unknown,
  tree: PathTree,
  replace: (value: unknown, path: string, group: number) => unknown,
): unknown {
  return tree.group >= 0 ? replace(data, '', tree.group) : replaceBelow(data, tree, '', replace);
}

function replaceBelow(
  value: unknown,
  node: PathTree,
  prefix: string,
  replace: (value: unknown, path: string, group: number) => unknown,
): unknown {
  if (value === null || typeof value !== 'object') return value;
  let copy: Record<string, unknown> | unknown[] | null = null;
  if (node.each !== null && Array.isArray(value)) {
    const child = node.each;
    for (let i = 0; i < value.length; i++) {
      const was: unknown = value[i];
      const path = prefix + String(i);
      const now = child.group >= 0 ? replace(was, path, child.group) : replaceBelow(was, child, `${path}.`, replace);
      if (now === was) continue;
      copy ??= value.slice();
      copy[i] = now;
    }
  }
  const named = node.named;
  for (let n = 0; n < named.length; n++) {
    const { key, node: child } = named[n]!;
    if (!Object.hasOwn(value, key)) continue;
    const was = (value as Record<string, unknown>)[key];
    const path = prefix + key;
    const now = child.group >= 0 ? replace(was, path, child.group) : replaceBelow(was, child, `${path}.`, replace);
    if (now === was) continue;
    copy ??= Array.isArray(value) ? value.slice() : { ...(value as Record<string, unknown>) };
    (copy as Record<string, unknown>)[key] = now;
  }
  return copy ?? value;
}
