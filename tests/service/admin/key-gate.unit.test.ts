import { describe, expect, it } from 'vitest';
import { keyMatches } from '../../../service/admin/key-match.js';
import { FailureWindow } from '../../../service/admin/failure-window.js';

describe('admin key comparison', () => {
  it('given the same key, then it matches; given a different, shorter, longer or missing key, then not', () => {
    const key = 'correct-horse-battery';
    expect(keyMatches(key, key)).toBe(true);
    expect(keyMatches('correct-horse-batterz', key)).toBe(false);
    expect(keyMatches('correct', key)).toBe(false);
    expect(keyMatches(`${key}!`, key)).toBe(false);
    expect(keyMatches(undefined, key)).toBe(false);
    expect(keyMatches('', key)).toBe(false);
  });
});

describe('failure window', () => {
  it('given 10 failures within a minute, then the client is blocked until the oldest leaves the window', () => {
    let now = 0;
    const w = new FailureWindow(10, 60_000, () => now);
    for (let i = 0; i < 9; i++) {
      w.record('a');
      now += 1_000;
    }
    expect(w.blockedFor('a')).toBe(0);
    w.record('a');
    expect(w.blockedFor('a')).toBe(51);
    expect(w.blockedFor('b')).toBe(0);
    now = 60_001;
    expect(w.blockedFor('a')).toBe(0);
  });

  it('given many clients, then stale ones are swept and memory stays bounded', () => {
    let now = 0;
    const w = new FailureWindow(10, 60_000, () => now, 100);
    for (let i = 0; i < 100; i++) w.record(`old-${i}`);
    now = 120_000;
    w.record('new');
    expect((w as unknown as { failures: Map<string, number[]> }).failures.size).toBe(1);
  });
});
