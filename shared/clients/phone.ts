/**
 * A phone number as duplicates are matched by (docs/decisions.md, "CSV import and export"): its digits only, and a
 * North American number's leading country code 1 dropped, so "+1 (415) 555-0199", "415.555.0199" and "14155550199"
 * are the same phone. Fewer than 7 digits is no usable phone (null).
 */
export function normalizedPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length >= 7 ? national : null;
}
