/** The table's users store, for the feature handler's broker-standing check on routes with a `brokerStanding`. */
import { functionData } from '@functions/lib/data/function-data';
import { userStore } from './users';

export const standingData = functionData((table) => ({ users: userStore(table) }));
