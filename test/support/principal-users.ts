/**
 * The test principals the seed does not provide (test/support/principals.ts creates them), in a module of their own
 * so that the stack project's setup file can name them without loading the data layer.
 */
import type { Role } from '@shared/auth/roles';

/** The principals the seed does not provide, with fixed addresses so a second call finds them. */
export const EXTRA_USERS = {
  unlicensedBroker: { role: 'broker', email: 'principal.unlicensed.broker@leasedesk.com', fullName: 'Uma Unlicensed' },
  otherBroker: { role: 'broker', email: 'principal.other.broker@leasedesk.com', fullName: 'Owen Otherbroker' },
  otherDealer: { role: 'dealer', email: 'principal.other.dealer@example.com', fullName: 'Olive Otherdealer' },
  otherConsumer: { role: 'consumer', email: 'principal.other.consumer@example.com', fullName: 'Oscar Otherconsumer' },
} as const satisfies Record<string, { role: Role; email: string; fullName: string }>;
