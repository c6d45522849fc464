import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../platform/log.js';
import { DueSends, type DueSendOutcome } from '../../../platform/processor/due-sends.js';
import { LeaseLostError } from '../../../platform/readstore/port.js';

const quiet = (): Logger & { warnings: string[] } => {
  const warnings: string[] = [];
  return { warnings, debug: () => {}, info: () => {}, warn: (m) => warnings.push(m), error: () => {} };
};
const holding = { keepLease: async () => {} };

describe('DueSends: the loop of a timer that sends one thing per due item', () => {
  it('given a sent, a failing and a not-due item, then one is sent, one failure is logged and the loop goes on', async () => {
    const log = quiet();
    const sends = new DueSends(log, 'reminder');
    const outcomes: Record<string, () => Promise<DueSendOutcome>> = {
      a: async () => 'sent',
      b: async () => {
        throw new Error('mail server down');
      },
      c: async () => 'not-due',
    };
    const report = await sends.each(
      holding,
      ['a', 'b', 'c'],
      (k) => k,
      (k) => outcomes[k]!(),
    );
    expect(report).toEqual({ sent: 1, failures: 1 });
    expect(log.warnings).toEqual(['reminder failed; tried again at the next pass']);
  });

  it('given an item passed over, when the next pass runs, then it is not tried again; a failed one is', async () => {
    const sends = new DueSends(quiet(), 'reminder');
    const tried: string[] = [];
    const send = async (k: string): Promise<DueSendOutcome> => {
      tried.push(k);
      if (k === 'never') return 'pass-over';
      throw new Error('later');
    };
    await sends.each(holding, ['never', 'later'], (k) => k, send);
    await sends.each(holding, ['never', 'later'], (k) => k, send);
    expect(tried).toEqual(['never', 'later', 'later']);
  });

  it('given the lease lost mid-pass, then the pass ends there and nothing more is sent', async () => {
    const sends = new DueSends(quiet(), 'reminder');
    let renewals = 0;
    const losing = {
      keepLease: async () => {
        if (++renewals === 2) throw new LeaseLostError('reminders', 'me');
      },
    };
    const sent: string[] = [];
    const pass = sends.each(
      losing,
      ['a', 'b', 'c'],
      (k) => k,
      async (k) => (sent.push(k), 'sent'),
    );
    await expect(pass).rejects.toBeInstanceOf(LeaseLostError);
    expect(sent).toEqual(['a']);
  });
});
