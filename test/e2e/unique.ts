/** Values unique to a test run, for tests that share the stack's table with every other file. */

/** Six letters, capitalised: unique enough for a name to search by (client names allow no digits). */
export const uniqueLetters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());

/** A North American number no other test uses, in its parts (client imports find duplicates by phone). */
export function uniquePhoneParts(): { area: string; exchange: string; line: string } {
  const digits = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');
  const leading = () => String(2 + Math.floor(Math.random() * 8));
  return { area: `${leading()}${digits(2)}`, exchange: `${leading()}${digits(2)}`, line: digits(4) };
}

/** `uniquePhoneParts` written `+1 NXX NXX XXXX`. */
export function uniquePhone(): string {
  const { area, exchange, line } = uniquePhoneParts();
  return `+1 ${area} ${exchange} ${line}`;
}
