import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorText } from '../../web/core/api.js';

const refused = (status: number, body: unknown) => new ApiError(status, 'Bad Request', JSON.stringify(body));

describe('the server’s words as a toast shows them', () => {
  it('given a 400 naming its field first ("email: …"), then the words without the field’s key', () => {
    const err = refused(400, {
      error: 'email: Please enter a valid email address.',
      code: 'validation',
      issues: [{ path: 'email', message: 'Please enter a valid email address.' }],
    });
    expect(apiErrorText(err)).toBe('Please enter a valid email address.');
    const nested = refused(400, {
      error: 'participantDetails.1.age: Participant 2: age is required.',
      issues: [{ path: 'participantDetails.1.age', message: 'Participant 2: age is required.' }],
    });
    expect(apiErrorText(nested)).toBe('Participant 2: age is required.');
  });

  it('given words that only start like a key, or no issues, then the words as they are', () => {
    expect(apiErrorText(refused(409, { error: 'Note: this workshop is full.', code: 'full' }))).toBe(
      'Note: this workshop is full.',
    );
    expect(
      apiErrorText(
        refused(400, {
          error: 'The total sent ($75.00) does not match the price: $75.00 x 2 participants = $150.00.',
          issues: [{ path: 'totalPrice', message: 'The total is $150.00.' }],
        }),
      ),
    ).toBe('The total sent ($75.00) does not match the price: $75.00 x 2 participants = $150.00.');
  });
});
