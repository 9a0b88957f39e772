/**
 * Users (role, full name, dealership) and broker profiles. A broker comes into being once, at sign-up
 * confirmation, in one transaction with the brokers count.
 */
import { createWriteTransaction } from 'electrodb';
import type { Role } from '../../../../shared/auth/roles';
import { GLOBAL_SCOPE } from '../counters';
import type { BrokerProfile, Entities, User } from '../service';
import { commit, isConditionalCheckFailure } from '../transactions';
import { counterOperations } from './counters';

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

export function userStore(entities: Entities) {
  return {
    async get(userId: string): Promise<User | null> {
      return (await entities.user.get({ userId }).go()).data;
    },

    /** Creates a non-broker user (admin, dealer, consumer); false when the user already exists. */
    async create(input: NewUser, now: Date): Promise<boolean> {
      if (input.role === 'broker') throw new Error('Brokers are created with registerBroker');
      try {
        await entities.user.create({ ...input, email: input.email.toLowerCase(), createdAt: now.toISOString() }).go();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    /**
     * Makes a confirmed sign-up a broker: the user (role broker), the broker profile and +1 brokers, all or
     * nothing. The user item's create condition makes a retry a no-op (false), so a retried confirmation never
     * duplicates the count or resets an approval given in between. The profile is written with an UpdateItem so
     * that a licence recorded before confirmation is kept.
     */
    async registerBroker(
      input: { userId: string; email: string; fullName: string },
      now: Date,
      standing: BrokerStanding = PENDING,
    ): Promise<boolean> {
      const createdAt = now.toISOString();
      const email = input.email.toLowerCase();
      const outcome = await commit(
        createWriteTransaction(
          { user: entities.user, brokerProfile: entities.brokerProfile, counter: entities.counter },
          ({ user, brokerProfile, counter }) => [
            user.create({ userId: input.userId, role: 'broker', fullName: input.fullName, email, createdAt }).commit(),
            brokerProfile
              .update({ userId: input.userId })
              .set({ ...standing, fullName: input.fullName, email, createdAt, startedAt: createdAt })
              .commit(),
            ...counterOperations(counter, [{ scope: GLOBAL_SCOPE, changes: { brokers: 1 } }]),
          ],
        ),
      );
      return outcome.ok;
    },

    async getBrokerProfile(userId: string): Promise<BrokerProfile | null> {
      return (await entities.brokerProfile.get({ userId }).go()).data;
    },

    /** Records the private key of the licence document without touching any other field (the profile may not exist yet). */
    async recordLicenceDocument(userId: string, objectKey: string): Promise<void> {
      await entities.brokerProfile.update({ userId }).set({ licenseDocumentUrl: objectKey }).go();
    },
  };
}
