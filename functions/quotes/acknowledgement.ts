/**
 * The shopper's acknowledgement (docs/decisions.md, "Quote acknowledgement and the shopper's agent"): the wizard
 * promises a reply by text or e-mail in under 5 minutes, so the moment the lead is stored the shopper is told, by the
 * contact method they chose, that the request arrived and who will reply: the agent they picked when that agent is
 * assigned to the lead, otherwise "a LeaseDesk broker". Text and call go by SMS (to the phone they gave), e-mail by
 * e-mail. Pure: the service puts the message in the outbox with the lead (so a failed send is retried, never lost).
 */
import { QUOTE_REPLY_WITHIN_MINUTES } from '@shared/constants';
import type { QuoteLeadRow } from '@shared/quotes/lead-row';

const PRODUCT_NAME = 'LeaseDesk';

/** Who will reply when the shopper's lead has no assigned broker yet. */
export const ANY_BROKER = 'a LeaseDesk broker';

export type AcknowledgementChannel = 'email' | 'sms';

/** E-mail for "email" (and no choice), a text for "text" and "call" (a phone number is what they gave us to use). */
export function acknowledgementChannel(row: Pick<QuoteLeadRow, 'preferredContactMethod'>): AcknowledgementChannel {
  return row.preferredContactMethod === 'text' || row.preferredContactMethod === 'call' ? 'sms' : 'email';
}

function vehicleOf(row: QuoteLeadRow): string {
  if (row.vehiclePreference === 'exact') {
    const text = [row.exactVehicleYear, row.exactVehicleMake, row.exactVehicleModel, row.exactVehicleTrim]
      .filter((part) => part != null && part !== '')
      .join(' ');
    return text || 'your next vehicle';
  }
  return row.bodyStyle ? `a ${row.bodyStyle === 'Other' ? 'vehicle' : row.bodyStyle}` : 'your next vehicle';
}

const howTheyReply: Record<NonNullable<QuoteLeadRow['preferredContactMethod']>, string> = {
  text: 'by text',
  call: 'by phone',
  email: 'by e-mail',
};

/** The message: to the shopper's address or phone, naming the broker who will reply. */
export function acknowledgementMessage(
  row: QuoteLeadRow,
  brokerName: string | null,
): { channel: AcknowledgementChannel; to: string; subject?: string; text: string } {
  const channel = acknowledgementChannel(row);
  const who = brokerName ?? ANY_BROKER;
  const how = row.preferredContactMethod ? howTheyReply[row.preferredContactMethod] : 'by e-mail';
  const vehicle = vehicleOf(row);
  if (channel === 'sms') {
    return {
      channel,
      to: row.phone,
      text: `${PRODUCT_NAME}: Hi ${row.firstName}, we got your quote request for ${vehicle}. ${capitalised(who)} will reach you ${how} within ${QUOTE_REPLY_WITHIN_MINUTES} minutes. Reply STOP to opt out.`,
    };
  }
  return {
    channel,
    to: row.email,
    subject: `We got your quote request: ${vehicle}`,
    text: [
      `Hi ${row.firstName},`,
      '',
      `Thank you for your quote request for ${vehicle}. We are searching inventory now.`,
      `${capitalised(who)} will reach you ${how} within ${QUOTE_REPLY_WITHIN_MINUTES} minutes with a personalized quote.`,
      '',
      `${PRODUCT_NAME}`,
      '',
      'You receive this because you asked for a quote. Reply to this e-mail to opt out of further messages.',
    ].join('\n'),
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
