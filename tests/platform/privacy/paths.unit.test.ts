import { describe, expect, it } from 'vitest';
import { leavesOf, pathTree, replaceLeaves } from '../../../platform/privacy/paths.js';

const event = () => ({
  id: 'e-1',
  form: {
    name: 'Ada',
    kids: [
      { name: 'Bo', age: 9, notes: { text: 'nuts' } },
      { name: 'Cy', age: 7 },
    ],
    extra: { kept: true },
  },
  attendees: ['Bo', 'Cy'],
  tags: 'not an array',
});
const patterns = ['form.name', 'form.kids.*.name', 'form.kids.*.notes.text', 'attendees.*', 'tags.*', 'missing.x'];

describe('replacing the leaves of registry paths', () => {
  it('given several paths, when replaced, then each leaf leavesOf finds is visited once, by its dotted path', () => {
    const data = event();
    const seen: string[] = [];
    replaceLeaves(data, pathTree(patterns), (value, path) => {
      seen.push(path);
      return value;
    });
    expect(seen.sort()).toEqual(patterns.flatMap((p) => leavesOf(data, p)).sort());
  });

  it('given leaves replaced, then the result holds the new values, the input is untouched, and what holds no replaced leaf is shared', () => {
    const data = event();
    const before = structuredClone(data);
    const out = replaceLeaves(
      data,
      pathTree(['form.kids.*.name', 'attendees.*']),
      (v) => `<${String(v)}>`,
    ) as ReturnType<typeof event>;
    expect(data).toEqual(before);
    expect(out.form.kids.map((k) => k.name)).toEqual(['<Bo>', '<Cy>']);
    expect(out.attendees).toEqual(['<Bo>', '<Cy>']);
    expect(out.form.kids[0]!.notes).toBe(data.form.kids[0]!.notes);
    expect(out.form.extra).toBe(data.form.extra);
  });

  it('given nothing changed, then the same object comes back', () => {
    const data = event();
    expect(replaceLeaves(data, pathTree(patterns), (v) => v)).toBe(data);
  });

  it('given paths in two groups, then each leaf is replaced once and says which group named it', () => {
    const groups: Record<string, number> = {};
    replaceLeaves(event(), pathTree(['form.name', 'attendees.*'], ['form.kids.*.notes.text']), (value, path, group) => {
      groups[path] = group;
      return value;
    });
    expect(groups).toEqual({ 'form.name': 0, 'attendees.0': 0, 'attendees.1': 0, 'form.kids.0.notes.text': 1 });
  });
});
