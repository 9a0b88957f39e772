/** The brokering agreement's pure rules (docs/decisions.md, "Agreements"). */
import { AGREEMENT_PLACEHOLDERS, type AgreementPlaceholder, type AgreementState } from './api';

/**
 * Pure: the agreement's text with each `{{client}}`, `{{broker}}`, `{{vehicle}}` and `{{fee}}` replaced by the deal's
 * value (spaces inside the braces allowed). Any other `{{...}}` is left as written, so a typo shows instead of vanishing.
 */
export function fillAgreement(text: string, values: Record<AgreementPlaceholder, string>): string {
  return text.replace(/\{\{\s*([a-z]+)\s*\}\}/gi, (whole, name: string) => {
    const key = name.toLowerCase() as AgreementPlaceholder;
    return AGREEMENT_PLACEHOLDERS.includes(key) ? values[key] : whole;
  });
}

/** Pure: where a deal's agreement stands, the furthest step reached. */
export function agreementState(record: {
  sentAt?: string | null;
  viewedAt?: string | null;
  signedAt?: string | null;
}): AgreementState {
  if (record.signedAt) return 'signed';
  if (record.viewedAt) return 'viewed';
  if (record.sentAt) return 'sent';
  return 'not_sent';
}

/**
 * Pure: whether the concierge fee may be paid as far as the agreement goes: always when the company does not ask for
 * a signature, else only once the deal's client signed.
 */
export function agreementAllowsPayment(required: boolean, signed: boolean): boolean {
  return !required || signed;
}
