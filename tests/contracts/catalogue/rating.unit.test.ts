import { describe, expect, it } from 'vitest';
import { programRating, publicProgram, NO_RATINGS } from '../../../contracts/catalogue/rating.js';
import { SEED_PROGRAMS } from '../../../service/catalogue/seed-programs.js';

const baseline = { rating: 4.5, count: 2, source: 'Google reviews before 2027' };

describe('a program’s rating, computed', () => {
  it('given published reviews and no baseline, then the average of their stars, to one decimal, and their count', () => {
    expect(programRating(null, { count: 3, sum: 14 }, 3)).toEqual({ rating: 4.7, reviews: 3 });
  });

  it('given a baseline, then its ratings count with the published ones, each as one review', () => {
    expect(programRating(baseline, { count: 2, sum: 6 }, 3)).toEqual({ rating: 3.8, reviews: 4 });
  });

  it('given fewer ratings in all than the minimum, then no stars, only the count', () => {
    expect(programRating(null, { count: 2, sum: 10 }, 3)).toEqual({ rating: null, reviews: 2 });
    expect(programRating(null, NO_RATINGS, 3)).toEqual({ rating: null, reviews: 0 });
    expect(programRating({ ...baseline, count: 1 }, { count: 1, sum: 5 }, 3)).toEqual({ rating: null, reviews: 2 });
  });

  it('given the seeded programs, then the specification’s figures are their baseline from "earlier reviews"', () => {
    const program = publicProgram(
      SEED_PROGRAMS.find((p) => p.id === '1')!,
      NO_RATINGS,
    );
    expect(program).toMatchObject({
      rating: 4.9,
      reviews: 48,
      importedRatings: { rating: 4.9, count: 48, source: 'earlier reviews' },
    });
  });

  it('given a program written before issue 40 with typed figures, then they read as its baseline', () => {
    const { importedRatings: _none, ...old } = SEED_PROGRAMS[0]!;
    expect(publicProgram({ ...old, rating: 4.2, reviews: 10 }, { count: 1, sum: 1 })).toMatchObject({
      rating: 3.9,
      reviews: 11,
      importedRatings: { source: 'earlier reviews' },
    });
  });
});
