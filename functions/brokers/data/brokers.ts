/**
 * Broker profiles as the brokers feature changes them: the admin's approve/edit dialog (the profile and its
 * history entry in one transaction, on the revision read), the broker's own phone, photo and licence, and the
 * reads of the performance page and the profile (history, recent deals, names).
 */
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { ulid } from 'ulid';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { brokerApprovalEntity, BROKER_APPROVAL_SORT_PREFIX, type BrokerApprovalItem } from './broker-approval';
import { brokerProfileEntity, type BrokerProfile } from '@functions/domain/users/broker-profile';
import { dealEntity, dealPartitions, type Deal } from '@functions/domain/deals/entities/deal';
import { userEntity, type User } from '@functions/domain/users/user';
import { queryAll } from '@functions/lib/data/query';
import { batchGetAll, commit, isConditionalCheckFailure } from '@functions/lib/data/transactions';

export type { BrokerApprovalItem } from './broker-approval';

/** What the approve/edit dialog sets (null clears a licence field). */
export interface BrokerStandingChange {
  isApproved: boolean;
  isLicensed: boolean;
  commissionType: 'percentage' | 'flat';
  commissionValue: number;
  licenseNumber: string | null;
  licenseExpirationDate: string | null;
}

export interface ApprovalAuthor {
  id: string;
  fullName: string;
}

/** A profile exists for the broker feature once its sign-up is confirmed (an unconfirmed one has no createdAt). */
const CONFIRMED = { attr: 'createdAt', exists: true } as const;

export function brokerStore(table: LeaseDeskTable) {
  const entities = {
    get brokerProfile() {
      return brokerProfileEntity(table);
    },
    get brokerApproval() {
      return brokerApprovalEntity(table);
    },
    get deal() {
      return dealEntity(table);
    },
    get user() {
      return userEntity(table);
    },
  };
  return {
    /**
     * Saves the dialog over `before` with its history entry, all or nothing. False when the profile changed since
     * it was read (another admin's save) or is gone; nothing is written then.
     */
    async saveStanding(
      before: BrokerProfile,
      change: BrokerStandingChange,
      author: ApprovalAuthor,
      recorded: { before: unknown; after: unknown },
      now: Date,
    ): Promise<boolean> {
      const revision = before.approvalRevision;
      const outcome = await commit([
        entities.brokerProfile
          .build(UpdateTransaction)
          .item({
            userId: before.userId,
            // The approval index keys are computed from these three together (functions/domain/users/broker-profile.ts).
            fullName: before.fullName ?? before.email ?? before.userId,
            isApproved: change.isApproved,
            isLicensed: change.isLicensed,
            commissionType: change.commissionType,
            commissionValue: change.commissionValue,
            licenseNumber: change.licenseNumber ?? $remove(),
            licenseExpirationDate: change.licenseExpirationDate ?? $remove(),
            approvalRevision: $add(1),
          })
          .options({
            condition: {
              and: [
                CONFIRMED,
                revision === undefined ? { attr: 'approvalRevision', exists: false } : { attr: 'approvalRevision', eq: revision },
              ],
            },
          }),
        entities.brokerApproval.build(PutTransaction).item({
          brokerId: before.userId,
          id: ulid(now.getTime()),
          at: now.toISOString(),
          byId: author.id,
          byName: author.fullName,
          before: recorded.before,
          after: recorded.after,
        }),
      ]);
      return outcome.ok;
    },

    /** Every approval change of a broker, newest first (one Query of the broker's own partition). */
    async history(brokerId: string): Promise<BrokerApprovalItem[]> {
      return queryAll(
        entities.brokerApproval,
        { partition: `USER#${brokerId}`, range: { beginsWith: BROKER_APPROVAL_SORT_PREFIX } },
        { reverse: true },
      );
    },

    /**
     * Sets (or, with null, clears) the broker's own profile fields. Only these two are ever taken from a broker's
     * request; false when the caller has no confirmed profile.
     */
    async updateOwn(userId: string, fields: { phone?: string | null; profilePhotoUrl?: string }): Promise<boolean> {
      const changes = {
        ...(fields.phone !== undefined ? { phone: fields.phone ?? $remove() } : {}),
        ...(fields.profilePhotoUrl !== undefined ? { profilePhotoUrl: fields.profilePhotoUrl } : {}),
      };
      try {
        await entities.brokerProfile
          .build(UpdateItemCommand)
          .item({ userId, ...changes })
          .options({ condition: CONFIRMED })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    /** Records the private key of a confirmed profile's licence document; false without a confirmed profile. */
    async recordLicence(userId: string, objectKey: string): Promise<boolean> {
      try {
        await entities.brokerProfile
          .build(UpdateItemCommand)
          .item({ userId, licenseDocumentUrl: objectKey })
          .options({ condition: CONFIRMED })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    /** A broker's newest deals, newest first: one Query of at most `limit` items of the by-broker index. */
    async recentDeals(brokerId: string, limit: number): Promise<Deal[]> {
      return queryAll(entities.deal, { index: 'gsi2', partition: dealPartitions.byBroker(brokerId) }, { reverse: true, limit });
    },

    /** The confirmed and unconfirmed broker profiles of `ids` that exist. */
    async profiles(ids: string[]): Promise<BrokerProfile[]> {
      return ids.length === 0
        ? []
        : batchGetAll(
            entities.brokerProfile,
            ids.map((userId) => ({ userId })),
          );
    },

    /** The users of `ids` that exist (for the names of people who are not approved brokers). */
    async users(ids: string[]): Promise<User[]> {
      return ids.length === 0
        ? []
        : batchGetAll(
            entities.user,
            ids.map((userId) => ({ userId })),
          );
    },
  };
}
