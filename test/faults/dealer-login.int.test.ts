/**
 * A dealer login is two writes that cannot share a transaction (docs/security.md, "Dealer logins"): the Cognito
 * account (whose invitation e-mails the temporary password) and the user item that gives it its dealership. When a
 * step after the account fails, or the Lambda dies there, nothing is deleted: the claim on the e-mail marks the
 * account as this flow's, and the admin's next add of the same login at the same dealership takes the account over
 * and finishes it (group and user item), with the invitation already sent still valid. An account this flow did not
 * make is never taken over. The first add runs in this process with the dealerships function's own stores and
 * Cognito client, the fault injected on the DynamoDB or Cognito client; the retry is the admin's, through the API.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { cognitoDealerAccounts } from '@functions/dealerships/dealer-accounts';
import { dealerLoginStore } from '@functions/dealerships/data/dealer-logins';
import { addDealerUser } from '@functions/dealerships/dealerships';
import { createData } from '@infra/data/create-data';
import { DEALER_EMAIL_TAKEN_MESSAGE, type DealerUserView } from '@shared/dealerships/api';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, cognito, createUser, getStack, readMailbox } from '@test/support/stack';
import { awsError, tableFaults } from './support';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const uniqueEmail = () => `dealer.login.${randomUUID().slice(0, 8)}@example.com`;

async function newDealership(): Promise<string> {
  const { dealership } = await createData().dealerships.create(
    { name: `Resume Motors ${randomUUID().slice(0, 6)}`, location: 'Boise, ID' },
    new Date(),
  );
  return dealership.id;
}

/** The add of the dealerships function, in this process. */
function addHere(dealershipId: string, email: string) {
  const data = createData();
  return addDealerUser(
    dealershipId,
    { name: 'Dana Resume', email },
    {
      data: { ...data, dealerLogins: dealerLoginStore(data.table) },
      accounts: cognitoDealerAccounts(cognito(), () => getStack().userPoolId),
    },
    new Date(),
  );
}

/** The admin's retry, through the API. */
const addThroughApi = (dealershipId: string, email: string) =>
  apiFetch<DealerUserView & ApiErrorBody>(`/dealerships/${dealershipId}/dealers`, {
    token: principals.tokenOf('admin'),
    body: { name: 'Dana Resume', email },
  });

async function account(email: string) {
  const pool = { UserPoolId: getStack().userPoolId, Username: email };
  try {
    const user = await cognito().send(new AdminGetUserCommand(pool));
    const { Groups } = await cognito().send(new AdminListGroupsForUserCommand({ ...pool, Username: user.Username ?? email }));
    return {
      sub: user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? null,
      status: user.UserStatus,
      groups: (Groups ?? []).map((group) => group.GroupName),
    };
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

const invitationsTo = async (email: string) =>
  (await readMailbox()).filter(
    (message) => message.destination.to.includes(email) && /temporary password/i.test(message.body.html ?? ''),
  );

describe('a dealer login cut off half-way', () => {
  it('keeps the account when the user item cannot be written; the admin’s retry finishes the same login', async () => {
    const dealershipId = await newDealership();
    const email = uniqueEmail();
    const faults = tableFaults();
    faults.on(PutCommand, { Item: { role: 'dealer' } }).rejectsOnce(awsError('InternalServerError', 'Internal error', 500));

    const failure = await addHere(dealershipId, email)
      .then(() => null)
      .catch((error: unknown) => error)
      .finally(() => faults.restore());

    expect(failure).toBeInstanceOf(Error);
    const left = await account(email);
    expect(left, 'the account is kept for the retry').toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', groups: ['dealer'] });
    expect(await createData().users.get(left!.sub!), 'no user item yet: the login sees nothing').toBeNull();
    await expect.poll(async () => (await invitationsTo(email)).length).toBe(1);

    const retry = await addThroughApi(dealershipId, email);

    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body).toMatchObject({ userId: left!.sub, dealershipId, email });
    expect(await createData().users.get(left!.sub!)).toMatchObject({ role: 'dealer', dealershipId, email });
    expect(await dealerLoginStore(createData().table).get(email), 'the claim is released').toBeNull();
    expect(await invitationsTo(email), 'the first invitation stays the one to use').toHaveLength(1);
    const again = await addThroughApi(dealershipId, email);
    expect([again.status, again.body.error?.message]).toEqual([409, DEALER_EMAIL_TAKEN_MESSAGE]);
  });

  it('finishes an account left without its group (the Lambda died after creating it)', async () => {
    const dealershipId = await newDealership();
    const email = uniqueEmail();
    const pool = mockClient(CognitoIdentityProviderClient);
    pool.send.callThrough();
    pool.on(AdminAddUserToGroupCommand).rejectsOnce(awsError('TooManyRequestsException', 'Rate exceeded'));

    const failure = await addHere(dealershipId, email)
      .then(() => null)
      .catch((error: unknown) => error)
      .finally(() => pool.restore());

    expect(failure).toBeInstanceOf(Error);
    expect(await account(email)).toMatchObject({ groups: [] });

    const retry = await addThroughApi(dealershipId, email);

    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(await account(email)).toMatchObject({ sub: retry.body.userId, groups: ['dealer'] });
    expect(await createData().users.get(retry.body.userId)).toMatchObject({ role: 'dealer', dealershipId });
  });

  it('never takes over an account this flow did not make, nor one another dealership’s add left unfinished', async () => {
    const dealershipId = await newDealership();
    // A consumer's login without a user item (as createUser makes it): not a dealer add's, so 409 and untouched.
    const consumer = await createUser('consumer', uniqueEmail());

    const refused = await addThroughApi(dealershipId, consumer.email);

    expect([refused.status, refused.body.error?.message]).toEqual([409, DEALER_EMAIL_TAKEN_MESSAGE]);
    expect(await account(consumer.email)).toMatchObject({ sub: consumer.userId, groups: ['consumer'] });
    expect(await createData().users.get(consumer.userId)).toBeNull();
    expect(await dealerLoginStore(createData().table).get(consumer.email), 'no claim left blocking the address').toBeNull();

    // An add at dealership A cut off after the account: dealership B's add of the same address is refused.
    const email = uniqueEmail();
    const faults = tableFaults();
    faults.on(PutCommand, { Item: { role: 'dealer' } }).rejectsOnce(awsError('InternalServerError', 'Internal error', 500));
    await addHere(dealershipId, email)
      .catch(() => undefined)
      .finally(() => faults.restore());
    const elsewhere = await addThroughApi(await newDealership(), email);
    expect([elsewhere.status, elsewhere.body.error?.message]).toEqual([409, DEALER_EMAIL_TAKEN_MESSAGE]);
    expect((await addThroughApi(dealershipId, email)).status).toBe(201);
  });
});
