/** What a read model shows in place of a personal text whose key was destroyed (contracts/privacy). */
export const ERASED = 'Erased';

/**
 * A person's name from its parts (first and last name): the parts given, joined by a space, and
 * "Erased" once when every one of them was erased, not "Erased Erased".
 */
export function fullName(...parts: (string | null | undefined)[]): string {
  const given = parts.map((p) => (p ?? '').trim()).filter(Boolean);
  return given.length > 0 && given.every((p) => p === ERASED) ? ERASED : given.join(' ');
}
