/**
 * The `?category=` values of the programs page (links across the site use them); any other value
 * shows every program. web/catalogue/ProgramsPage.tsx says which program categories each shows.
 */
export const PROGRAM_FILTERS = ['children', 'teens', 'professional', 'business'] as const;

export type ProgramFilter = (typeof PROGRAM_FILTERS)[number];
