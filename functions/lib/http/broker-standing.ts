/** The table's users store, for the feature handler's broker-standing check on routes with a `brokerStanding`. */
import { functionData } from '../data/function-data';
import { userStore } from '../data/stores/users';

export const standingData = functionData((table) => ({ users: userStore(table) }));
