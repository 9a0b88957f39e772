/**
 * What the daily licence job reads and writes: the licensed brokers whose licence expired (one Query of the
 * licence-expiry index, functions/domain/users/broker-profile.ts), the admins to tell, and the write that un-licenses one broker
 * with its approval history entry, on the profile as read. Only the entities the job needs, so its bundle stays small.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { ulid } from 'ulid';
import type { BrokerStandingView } from '@shared/brokers/api';
import { brokerProfileEntity, LICENCE_EXPIRY_PARTITION, type BrokerProfile } from '@functions/domain/users/broker-profile';
import { userEntity, type User } from '@functions/domain/users/user';
import { queryAll } from '@functions/lib/data/query';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { commit } from '@functions/lib/data/transactions';
import { brokerApprovalEntity } from './broker-approval';

/** Who the approval history names for the job's change (no signed-in admin made it). */
export const LICENCE_JOB_AUTHOR = { id: 'system', fullName: 'System' } as const;

/** The standing a history entry records (shared/brokers/api.ts `brokerStandingSchema`). */
export function standingOf(profile: BrokerProfile): BrokerStandingView {
  return {
    isApproved: profile.isApproved ?? false,
    isLicensed: profile.isLicensed ?? false,
    commissionType: profile.commissionType ?? null,
    commissionValue: profile.commissionValue ?? null,
    licenseNumber: profile.licenseNumber ?? null,
    licenseExpirationDate: profile.licenseExpirationDate ?? null,
  };
}

export function licenceExpiryStore(table: LeaseDeskTable) {
  const entities = {
    get brokerProfile() {
      return brokerProfileEntity(table);
    },
    get brokerApproval() {
      return brokerApprovalEntity(table);
    },
    get user() {
      return userEntity(table);
    },
  };
  return {
    /** Licensed brokers whose licence expiration date is before `today` (YYYY-MM-DD): one Query of the index. */
    async expiredBefore(today: string): Promise<BrokerProfile[]> {
      return queryAll(entities.brokerProfile, { index: 'gsi6', partition: LICENCE_EXPIRY_PARTITION, range: { lt: today } });
    },

    async get(userId: string): Promise<BrokerProfile | null> {
      return (await entities.brokerProfile.build(GetItemCommand).key({ userId }).send()).Item ?? null;
    },

    /** Every admin (users by role: one Query on the role index). */
    async admins(): Promise<User[]> {
      return queryAll(entities.user, { index: 'gsi1', partition: 'ROLE#admin' });
    },

    /**
     * Un-licenses `before` with a history entry by the system, all or nothing, on the condition that the profile is
     * still as read: licensed, with the same expiration date and approval revision. False when it changed (an admin
     * renewed the licence, or another run un-licensed it): nothing is written then.
     */
    async unlicense(before: BrokerProfile, now: Date): Promise<boolean> {
      const revision = before.approvalRevision;
      const after = { ...before, isLicensed: false };
      const outcome = await commit([
        entities.brokerProfile
          .build(UpdateTransaction)
          .item({
            userId: before.userId,
            // The approval index keys are computed from these three together, the licence-expiry keys from
            // isLicensed (false: removed), so the broker leaves both "licensed" lists (functions/domain/users/broker-profile.ts).
            fullName: before.fullName ?? before.email ?? before.userId,
            isApproved: before.isApproved ?? false,
            isLicensed: false,
            approvalRevision: $add(1),
          })
          .options({
            condition: {
              and: [
                { attr: 'isLicensed', eq: true },
                { attr: 'licenseExpirationDate', eq: before.licenseExpirationDate ?? '' },
                revision === undefined ? { attr: 'approvalRevision', exists: false } : { attr: 'approvalRevision', eq: revision },
              ],
            },
          }),
        entities.brokerApproval.build(PutTransaction).item({
          brokerId: before.userId,
          id: ulid(now.getTime()),
          at: now.toISOString(),
          byId: LICENCE_JOB_AUTHOR.id,
          byName: LICENCE_JOB_AUTHOR.fullName,
          before: standingOf(before),
          after: standingOf(after),
        }),
      ]);
      return outcome.ok;
    },
  };
}

export type LicenceExpiryStore = ReturnType<typeof licenceExpiryStore>;
