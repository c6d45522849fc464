import { baselineOf, type ImportedRatings, type Program, type ProgramData } from './program.js';

/** The published reviews of one program counted so far: how many, and the sum of their stars. */
export interface RatingTally {
  count: number;
  sum: number;
}

export const NO_RATINGS: RatingTally = { count: 0, sum: 0 };

/** REVIEWS_MIN_COUNT's default: below three ratings in all, a program shows no stars. */
export const DEFAULT_REVIEWS_MIN_COUNT = 3;

/**
 * A program's figures as every page shows them (issue 40): the average and count of its
 * published reviews and its baseline together, each baseline rating weighing as one review. The
 * average is given to one decimal, as the specification's figures are (4.9), and drawn as the
 * specification draws them: whole stars, and a half star for any fraction. Below `minCount`
 * ratings in all the average is null: no stars, only the count.
 */
export function programRating(
  baseline: ImportedRatings | null,
  published: RatingTally,
  minCount: number,
): { rating: number | null; reviews: number } {
  const count = (baseline?.count ?? 0) + published.count;
  if (count === 0 || count < minCount) return { rating: null, reviews: count };
  const sum = (baseline ? baseline.rating * baseline.count : 0) + published.sum;
  return { rating: Math.round((sum / count) * 10) / 10, reviews: count };
}

/** Adds one published review's stars to a tally. */
export const tallied = (tally: RatingTally, rating: number): RatingTally => ({
  count: tally.count + 1,
  sum: tally.sum + rating,
});

/**
 * A program as GET /api/programs and the pages show it: its figures computed from the published
 * reviews counted so far (the `programs` read model's tally) and its baseline, never typed.
 */
export function publicProgram(
  data: ProgramData,
  published: RatingTally,
  minCount = DEFAULT_REVIEWS_MIN_COUNT,
): Program {
  const { rating: _rating, reviews: _reviews, importedRatings: _imported, ...rest } = data;
  const baseline = baselineOf(data);
  return { ...rest, ...programRating(baseline, published, minCount), importedRatings: baseline };
}

/** The tally less one review's stars: it left the pages (hidden, withdrawn). */
export const untallied = (tally: RatingTally, rating: number): RatingTally => ({
  count: Math.max(0, tally.count - 1),
  sum: Math.max(0, tally.sum - rating),
});
