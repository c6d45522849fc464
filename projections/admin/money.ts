/** Events hold integer cents; the admin screens and the specification's record hold dollars. */
export const fromCents = (cents: number): number => cents / 100;
