/**
 * What the card fields show as a parent types: digits only, the number in groups of four, the
 * expiry as MM/YY (`1229` reads 12/29; a first digit above 1 is a month on its own, `5` reads 05),
 * the CVC as its 3 or 4 digits. Written here because it is three short functions over the value
 * (an input-mask library would add a dependency and its own caret handling for this much).
 */
const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

export const maskCardNumber = (value: string) => digits(value, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

export function maskExpiry(value: string): string {
  let d = digits(value, 4);
  if (/^[2-9]/.test(d)) d = `0${d}`.slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export const maskCvc = (value: string) => digits(value, 4);
