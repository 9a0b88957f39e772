/** The dealer accounts in the user pool, built once per container and shared by the dealer login routes that change them. */
import { lazy } from '@functions/lib/lazy';
import { cognitoDealerAccounts } from './dealer-accounts';

export const accounts = lazy(async () => cognitoDealerAccounts());
