/**
 * Refer a friend (docs/api.md, "Consumers"): from the consumer's own closed deal, the friend's name and e-mail are
 * stored with the referring consumer and the deal and recorded on the deal's activity (the broker sees who was
 * referred) in one write; then the friend gets an e-mail through SES naming the client's own broker. A failed e-mail is recorded on
 * the referral, which is kept, and the answer says so. A consumer sends at most the route's `senderLimit` of
 * referrals a day (429 past it; docs/security.md, "Ownership").
 */
import { ulid } from 'ulid';
import { DEAL_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import { formatPhone } from '@shared/format';
import { clientBrokerId } from '@functions/domain/deals/consumer-views';
import { canReferFriends } from '@shared/deals/rules';
import { REFERRAL_DEAL_NOT_CLOSED_MESSAGE, type CreateReferralResponse } from '@shared/referrals/api';
import type { Identity } from '@functions/lib/auth-context';
import { ReferralDealChangedError } from './data/referrals';
import { BadRequestError, NotFoundError } from '@functions/lib/errors';
import type { Mailer } from '@functions/lib/mailer';
import { deliverNow, newOutboxMessage } from '@functions/lib/outbox';
import { referralDeliveryRecord } from './data/referral';
import { requireSenderAllowance } from '@functions/lib/rate-limit';
import type { ReferralsData } from './data';

export interface ReferralForm {
  fullName: string;
  email: string;
  dealId: string;
}

/**
 * The e-mail to the friend: who referred them, and the broker to contact (named, with their contact details; the
 * phone as people write it, "(415) 555-0199", not as it is stored).
 */
export function referralEmail(input: {
  friendName: string;
  consumerName: string;
  broker: { fullName: string; email: string | null; phone: string | null };
  appUrl: string;
}) {
  const contact = [input.broker.email, input.broker.phone ? formatPhone(input.broker.phone) : null].filter(Boolean).join(' or ');
  return {
    subject: `${input.consumerName} thinks LeaseDesk can find your next car`,
    text: [
      `Hello ${input.friendName},`,
      '',
      `${input.consumerName} leased their car through LeaseDesk with ${input.broker.fullName}, and referred you.`,
      '',
      contact
        ? `${input.broker.fullName} would be glad to help you too: reach them at ${contact}.`
        : `${input.broker.fullName} would be glad to help you too.`,
      `Or tell us what you are looking for: ${input.appUrl}/get-quote`,
    ].join('\n'),
  };
}

/** POST /referrals. The e-mail goes through the outbox: written with the referral, sent now or retried later. */
export async function createReferral(
  identity: Identity,
  form: ReferralForm,
  data: ReferralsData,
  notifiers: { mailer: Pick<Mailer, 'sendEmail'>; appUrl: string },
  now: Date,
): Promise<CreateReferralResponse> {
  const [client, deal] = await Promise.all([data.clients.getByUser(identity.userId), data.deals.get(form.dealId)]);
  if (!client || !deal || deal.clientId !== client.id) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  if (!canReferFriends(deal.status)) {
    throw new BadRequestError(REFERRAL_DEAL_NOT_CLOSED_MESSAGE, { dealId: REFERRAL_DEAL_NOT_CLOSED_MESSAGE });
  }
  // The client's own broker, the portal's "My Broker" (not whoever handled this deal: an admin may have).
  const brokerId = clientBrokerId(client);
  const [profile, brokerUser] = await Promise.all([data.users.getBrokerProfile(brokerId), data.users.get(brokerId)]);
  const broker = {
    fullName: profile?.fullName ?? brokerUser?.fullName ?? 'Your LeaseDesk broker',
    email: profile?.email ?? brokerUser?.email ?? null,
    phone: profile?.phone ?? null,
  };

  // Counted only now that the e-mail will go out (a refused request above uses none of the allowance).
  await requireSenderAllowance(data.senders, 'POST /referrals', identity.userId, 'referrals', now);

  const id = ulid(now.getTime());
  const at = now.toISOString();
  const email = referralEmail({ friendName: form.fullName, consumerName: client.fullName, broker, appUrl: notifiers.appUrl });
  const outgoing = newOutboxMessage({ channel: 'email', to: form.email, ...email, record: referralDeliveryRecord(id) }, now);
  try {
    await data.referrals.create(
      {
        id,
        fullName: form.fullName,
        email: form.email,
        dealId: deal.id,
        clientId: client.id,
        brokerId,
        referrerUserId: identity.userId,
        // Not sent yet: the outbox marks it (functions/lib/outbox.ts).
        deliveryStatus: 'retrying',
        createdAt: at,
      },
      {
        id,
        kind: 'referral',
        at,
        actorId: identity.userId,
        actorName: client.fullName,
        changes: [
          { field: 'referredName', before: null, after: form.fullName },
          { field: 'referredEmail', before: null, after: form.email },
        ],
      },
      outgoing,
    );
  } catch (error) {
    // The deal was reopened (or reassigned) between the read and the write: the rule is checked again.
    if (error instanceof ReferralDealChangedError) {
      throw new BadRequestError(REFERRAL_DEAL_NOT_CLOSED_MESSAGE, { dealId: REFERRAL_DEAL_NOT_CLOSED_MESSAGE });
    }
    throw error;
  }

  const delivery = await deliverNow(outgoing, { outbox: data.outbox, senders: notifiers }, now);
  return { referralId: id, delivery };
}
