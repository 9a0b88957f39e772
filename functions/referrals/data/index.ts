/**
 * The referrals function's data: the consumer's client and closed deal, the broker to name, the referrals, and the
 * per-sender counters of the referral route (functions/lib/rate-limit.ts).
 */
import { functionData } from '@functions/lib/data/function-data';
import { senderLimiter } from '@functions/lib/rate-limit';
import { clientStore } from '@functions/domain/clients/clients';
import { dealStore } from '@functions/domain/deals/deals';
import { outboxStore } from '@functions/lib/data/outbox-store';
import { userStore } from '@functions/domain/users/users';
import { referralStore } from './referrals';

export const referralsData = functionData((table) => ({
  clients: clientStore(table),
  deals: dealStore(table),
  users: userStore(table),
  referrals: referralStore(table),
  outbox: outboxStore(table),
  senders: senderLimiter(table),
}));

export type ReferralsData = ReturnType<typeof referralsData>;
