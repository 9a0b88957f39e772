/** A consumer referring a friend from a closed deal (docs/api.md, "Consumers"). */
import * as z from 'zod';
import { TEXT_LIMITS } from '../constants';
import { emailSchema } from '../auth/schemas';
import { blankToNull, requiredText, text } from '../validation';

export const REFERRAL_MESSAGES = {
  nameRequired: "Please enter your friend's name",
  nameTooLong: `Name must be less than ${TEXT_LIMITS.name} characters`,
} as const;

export const referralSchema = z.object({
  fullName: requiredText(REFERRAL_MESSAGES.nameRequired).max(TEXT_LIMITS.name, REFERRAL_MESSAGES.nameTooLong),
  email: emailSchema,
  dealId: blankToNull(text()),
});
export type Referral = z.output<typeof referralSchema>;

/** "Referral Sent!" toast body. */
export function referralSentMessage(name: string): string {
  return `Invitation sent to ${name}.`;
}
