/**
 * The admin's broker routes: the pending and approved lists, one broker with the approval history, and the
 * approve/edit dialog. Approval is read from the profile on every write path (functions/lib/http/feature-handler.ts),
 * so a save here takes effect at the broker's next request, without new tokens.
 */
import {
  BROKER_CHANGED_MESSAGE,
  BROKER_MESSAGES,
  isLicenceCurrent,
  BROKER_NOT_FOUND_MESSAGE,
  type BrokerApprovalEntry,
  type BrokerDetailResponse,
  type BrokerListResponse,
  type BrokersPageResponse,
  type BrokerStandingView,
  type UpdateBrokerInput,
} from '@shared/brokers/api';
import type { Identity } from '@functions/lib/auth-context';
import type { BrokerApprovalItem } from './data/brokers';
import type { BrokerProfile } from '@functions/domain/users/users';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import type { BrokerServices } from './deps';
import { brokerStats } from './stats';
import { brokerSummary, isConfirmed, standingOf } from './views';

export { brokerStats } from './stats';

/** GET /admin/brokers: the screen's one call, both lists and the month's figures read side by side. */
export async function brokersPage(month: string | undefined, services: BrokerServices, now: Date): Promise<BrokersPageResponse> {
  const [lists, stats] = await Promise.all([listBrokers(services), brokerStats(month, services, now)]);
  return { ...lists, stats };
}

export async function listBrokers(services: BrokerServices): Promise<BrokerListResponse> {
  const { users } = services.data;
  const [pending, approved] = await Promise.all([users.listBrokers(false), users.listBrokers(true)]);
  const summaries = (profiles: typeof pending) =>
    Promise.all(profiles.filter(isConfirmed).map((profile) => brokerSummary(profile, services.files)));
  return { pending: await summaries(pending), approved: await summaries(approved) };
}

function historyEntry(item: BrokerApprovalItem): BrokerApprovalEntry {
  return {
    at: item.at,
    by: { id: item.byId, fullName: item.byName },
    before: item.before as BrokerStandingView,
    after: item.after as BrokerStandingView,
  };
}

export async function brokerDetail(id: string, services: BrokerServices): Promise<BrokerDetailResponse> {
  const [profile, history] = await Promise.all([services.data.users.getBrokerProfile(id), services.data.brokers.history(id)]);
  if (!isConfirmed(profile)) throw new NotFoundError(BROKER_NOT_FOUND_MESSAGE);
  return { broker: await brokerSummary(profile, services.files), history: history.map(historyEntry) };
}

/**
 * A broker counts as licensed only on a licence that has not expired at the request's time. The body's schema says
 * so already (parsed at the same `now`); this keeps the rule with the service for any caller that skips it.
 */
function assertLicenceCurrent(input: Pick<UpdateBrokerInput, 'isLicensed' | 'licenseExpirationDate'>, now: Date): void {
  if (!input.isLicensed) return;
  const message = !input.licenseExpirationDate
    ? BROKER_MESSAGES.licenseExpirationRequired
    : isLicenceCurrent(input.licenseExpirationDate, now)
      ? null
      : BROKER_MESSAGES.licenseExpired;
  if (message) throw new BadRequestError(message, { licenseExpirationDate: message });
}

const sameStanding = (a: BrokerStandingView, b: BrokerStandingView) =>
  (Object.keys(a) as (keyof BrokerStandingView)[]).every((key) => a[key] === b[key]);

/**
 * The admins' "broker awaiting approval" notifications of this sign-up are done once the broker is approved: marked
 * read in every admin's list (docs/decisions.md, "Notifications"). After the approval's own write, since a failure
 * here only leaves a notification unread.
 */
async function resolveApprovalNotices(profile: BrokerProfile, services: BrokerServices, now: Date): Promise<void> {
  if (!profile.approvalNoticeId) return;
  const { notifications } = services.data;
  const admins = await notifications.admins();
  await notifications.resolve(
    admins.map((admin) => admin.userId),
    profile.approvalNoticeId,
    now,
  );
}

/**
 * Saves the dialog: approval, commission and licence together, with a history entry (who, before, after) in the
 * same transaction. A save that changes nothing records nothing. A save over a profile another admin changed since
 * it was read is refused (409) rather than recording a "before" that was not what it replaced.
 */
export async function updateBroker(
  admin: Identity,
  id: string,
  input: UpdateBrokerInput,
  services: BrokerServices,
  now: Date,
): Promise<BrokerDetailResponse> {
  assertLicenceCurrent(input, now);
  const { users, brokers } = services.data;
  const [profile, author] = await Promise.all([users.getBrokerProfile(id), users.get(admin.userId)]);
  if (!isConfirmed(profile)) throw new NotFoundError(BROKER_NOT_FOUND_MESSAGE);

  const before = standingOf(profile);
  const after: BrokerStandingView = {
    isApproved: input.isApproved,
    isLicensed: input.isLicensed,
    commissionType: input.commissionType,
    commissionValue: input.commissionValue,
    licenseNumber: input.licenseNumber,
    licenseExpirationDate: input.licenseExpirationDate,
  };
  if (!sameStanding(before, after)) {
    const saved = await brokers.saveStanding(
      profile,
      input,
      { id: admin.userId, fullName: author?.fullName ?? admin.email },
      { before, after },
      now,
    );
    if (!saved) throw new ConflictError(BROKER_CHANGED_MESSAGE);
    if (!before.isApproved && after.isApproved) await resolveApprovalNotices(profile, services, now);
  }
  return brokerDetail(id, services);
}
