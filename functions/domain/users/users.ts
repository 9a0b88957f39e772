/**
 * Users (role, full name, dealership) and broker profiles. A broker comes into being once, at sign-up
 * confirmation, in one transaction with the brokers count.
 */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import type { Role } from '@shared/auth/roles';
import { counterEntity } from '../counters/counter';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { brokerProfileEntity, brokerApprovalPartition, type BrokerProfile } from './broker-profile';
import { userEntity, type User } from './user';
import { queryAll } from '@functions/lib/data/query';
import { commit, isConditionalCheckFailure, type WriteOperation } from '@functions/lib/data/transactions';
import { counterOperations, GLOBAL_SCOPE } from '../counters/counters';

export type { BrokerProfile } from './broker-profile';
export type { User } from './user';

export interface NewUser {
  userId: string;
  role: Role;
  fullName: string;
  email: string;
  dealershipId?: string;
}

/** What an admin's approval sets; new brokers start neither approved nor licensed. */
export interface BrokerStanding {
  isApproved: boolean;
  isLicensed: boolean;
  licenseNumber?: string;
  licenseExpirationDate?: string;
  commissionType?: 'percentage' | 'flat';
  commissionValue?: number;
  phone?: string;
}

const PENDING: BrokerStanding = { isApproved: false, isLicensed: false };

/** How long a profile recorded for an unconfirmed sign-up is kept: DynamoDB's TTL deletes it after that. */
export const UNCONFIRMED_PROFILE_LIFETIME_SECONDS = 24 * 60 * 60;

/** The users store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface UserStore {
  get(userId: string): Promise<User | null>;
  /** Creates a non-broker user (admin, dealer, consumer); false when the user already exists. */
  create(input: NewUser, now: Date): Promise<boolean>;
  /**
   * Makes a confirmed sign-up a broker: the user (role broker), the broker profile and +1 brokers, all or
   * nothing. The user item's create condition makes a retry a no-op (false), so a retried confirmation never
   * duplicates the count or resets an approval given in between. The profile is written with an UpdateItem so
   * that a licence recorded before confirmation is kept, and its TTL removed: a confirmed profile is kept.
   */
  registerBroker(
    input: {
      userId: string;
      email: string;
      fullName: string;
      approvalNoticeId?: string;
    },
    now: Date,
    standing?: BrokerStanding,
    extra?: WriteOperation[],
  ): Promise<boolean>;
  getBrokerProfile(userId: string): Promise<BrokerProfile | null>;
  /** Approved (or pending) brokers; with `licensedOnly`, approved and licensed ones, ordered by full name. */
  listBrokers(
    isApproved: boolean,
    options?: {
      licensedOnly?: boolean;
    },
  ): Promise<BrokerProfile[]>;
  /**
   * Records the private key of the licence document without touching any other field (the profile may not exist
   * yet). With `pendingSince` (a sign-up not confirmed yet) the record carries the table's TTL, one day later,
   * so an abandoned sign-up leaves nothing behind; if the profile turns out to be confirmed already, the key is
   * recorded without one, since a confirmed profile is kept forever.
   */
  recordLicenceDocument(
    userId: string,
    objectKey: string,
    options?: {
      pendingSince?: Date;
    },
  ): Promise<void>;
}

export function userStore(table: LeaseDeskTable): UserStore {
  const entities = {
    get user() {
      return userEntity(table);
    },
    get brokerProfile() {
      return brokerProfileEntity(table);
    },
    get counter() {
      return counterEntity(table);
    },
  };
  return {
    async get(userId: string): Promise<User | null> {
      return (await entities.user.build(GetItemCommand).key({ userId }).send()).Item ?? null;
    },

    async create(input: NewUser, now: Date): Promise<boolean> {
      if (input.role === 'broker') throw new Error('Brokers are created with registerBroker');
      const { userId, role, fullName, email, dealershipId } = input;
      try {
        await entities.user
          .build(PutItemCommand)
          .item({ userId, role, fullName, email: email.toLowerCase(), dealershipId, createdAt: now.toISOString() })
          .options({ condition: { attr: 'userId', exists: false } })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async registerBroker(
      input: { userId: string; email: string; fullName: string; approvalNoticeId?: string },
      now: Date,
      standing: BrokerStanding = PENDING,
      /** Written in the same transaction (the admins' "broker awaiting approval": functions/domain/notifications/notify.ts). */
      extra: WriteOperation[] = [],
    ): Promise<boolean> {
      const createdAt = now.toISOString();
      const email = input.email.toLowerCase();
      const { isApproved, isLicensed, licenseNumber, licenseExpirationDate, commissionType, commissionValue, phone } = standing;
      const outcome = await commit([
        entities.user
          .build(PutTransaction)
          .item({ userId: input.userId, role: 'broker', fullName: input.fullName, email, createdAt })
          .options({ condition: { attr: 'userId', exists: false } }),
        entities.brokerProfile.build(UpdateTransaction).item({
          userId: input.userId,
          ...{ isApproved, isLicensed, licenseNumber, licenseExpirationDate, commissionType, commissionValue, phone },
          fullName: input.fullName,
          email,
          createdAt,
          startedAt: createdAt,
          ...(input.approvalNoticeId ? { approvalNoticeId: input.approvalNoticeId } : {}),
          expiresAt: $remove(),
        }),
        ...counterOperations(entities, [{ scope: GLOBAL_SCOPE, changes: { brokers: 1 } }]),
        ...extra,
      ]);
      return outcome.ok;
    },

    async getBrokerProfile(userId: string): Promise<BrokerProfile | null> {
      return (await entities.brokerProfile.build(GetItemCommand).key({ userId }).send()).Item ?? null;
    },

    async listBrokers(isApproved: boolean, options: { licensedOnly?: boolean } = {}): Promise<BrokerProfile[]> {
      return queryAll(entities.brokerProfile, {
        index: 'gsi1',
        partition: brokerApprovalPartition(isApproved),
        ...(options.licensedOnly ? { range: { beginsWith: 'licensed#true#' } } : {}),
      });
    },

    async recordLicenceDocument(userId: string, objectKey: string, options: { pendingSince?: Date } = {}): Promise<void> {
      const record = () => entities.brokerProfile.build(UpdateItemCommand).item({ userId, licenseDocumentUrl: objectKey });
      if (!options.pendingSince) {
        await record().send();
        return;
      }
      const expiresAt = Math.floor(options.pendingSince.getTime() / 1000) + UNCONFIRMED_PROFILE_LIFETIME_SECONDS;
      try {
        await entities.brokerProfile
          .build(UpdateItemCommand)
          .item({ userId, licenseDocumentUrl: objectKey, expiresAt })
          .options({ condition: { attr: 'createdAt', exists: false } })
          .send();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
        await record().send();
      }
    },
  };
}
