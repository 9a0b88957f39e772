/**
 * Roles and policies, named once. Components ask `can(user, 'clients:view')` instead of comparing role
 * strings, so a rule changes in one place. The server enforces the same rules on its routes; these only
 * decide what the UI offers.
 */
import type { Role } from '@shared/auth/roles';
import type { User } from './auth';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  broker: 'Broker',
  dealer: 'Dealer',
  consumer: 'Consumer',
};

type Subject = Pick<User, 'role' | 'broker'>;

const roles =
  (...allowed: Role[]) =>
  (user: Subject): boolean =>
    allowed.includes(user.role);

/** A broker whose account an administrator has not approved yet: the dashboard is blocked. */
export function isPendingBroker(user: Subject): boolean {
  return user.role === 'broker' && user.broker?.isApproved !== true;
}

export const POLICIES = {
  'marketplace:view': roles('admin', 'broker', 'dealer'),
  'deals:view': roles('admin', 'broker', 'dealer'),
  'dealership-deals:view': roles('dealer'),
  'clients:view': roles('admin', 'broker'),
  'dealerships:view': roles('admin', 'broker'),
  'academy:view': roles('admin', 'broker'),
  'brokers:manage': roles('admin'),
  'profile:view': roles('broker'),
  /** Tasks (docs/decisions.md, "Tasks"): admins and approved brokers, licensed or not. */
  'tasks:use': (user: Subject) => user.role === 'admin' || (user.role === 'broker' && user.broker?.isApproved === true),
  /** Admins create and edit deals, and brokers once approved and licensed. */
  'deals:write': (user: Subject) =>
    user.role === 'admin' || (user.role === 'broker' && user.broker?.isApproved === true && user.broker.isLicensed === true),
} as const satisfies Record<string, (user: Subject) => boolean>;

export type Policy = keyof typeof POLICIES;

export function can(user: Subject, policy: Policy): boolean {
  return POLICIES[policy](user);
}
