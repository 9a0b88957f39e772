/**
 * A consumer's account made of two writes that cannot share a transaction (docs/architecture.md, "Faults: outside
 * services failing"): accepting an invitation creates the Cognito user, then writes the consumer's user item, the
 * client's link and the used invitation in one transaction. When that write fails, or the Lambda dies between the two,
 * the consumer must not be left with a login that sees nothing: the invitation stays valid, and trying again finishes
 * the account (the account is deleted and made again, or, when it could not be deleted or the Lambda died, taken over).
 * The accept runs in this process with the invitations function's own stores and Cognito client, the fault injected on
 * the DynamoDB or Cognito client; the retry is the consumer's, through the local API.
 */
import { randomUUID } from 'node:crypto';
import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { cognitoConsumerAccounts } from '@functions/invitations/accounts';
import { ACCEPT_LEASE_MS } from '@functions/invitations/data/invitations';
import { acceptInvitation } from '@functions/invitations/acceptance';
import { createData } from '@infra/data/create-data';
import { outsideServiceError, UNAVAILABLE_MESSAGES } from '@functions/lib/unavailable';
import type { ClientView } from '@shared/clients/api';
import type { ConsumerPortal } from '@shared/consumers/api';
import type { AcceptInvitationResponse, CreateInvitationResponse } from '@shared/invitations/api';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, claimsOf, cognito, cognitoSub, getStack, signIn } from '@test/support/stack';
import { awsError, postFromOwnSource, tableFaults } from './support';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const PASSWORD = 'Consumer-Pass-2026!';
const uniqueName = () =>
  `Signup ${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

/** A client of the broker invited by e-mail; the token as stored. */
async function invitedClient(): Promise<{ client: ClientView; email: string; token: string }> {
  const email = `signup.${randomUUID().slice(0, 8)}@example.com`;
  const client = await apiFetch<ClientView>('/clients', {
    token: principals.tokenOf('broker'),
    body: { fullName: uniqueName(), email, phone: '+14155550123' },
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  const sent = await apiFetch<CreateInvitationResponse>(`/clients/${client.body.id}/invitations`, {
    token: principals.tokenOf('broker'),
    body: { invitationType: 'email' },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const token = (await createData().invitations.latestOfClient(client.body.id))!.token;
  return { client: client.body, email, token };
}

/** The accept of the invitations function, in this process. */
const acceptHere = (token: string, email: string, now = new Date()) =>
  acceptInvitation(
    token,
    { fullName: null, email, password: PASSWORD },
    createData(),
    cognitoConsumerAccounts(cognito(), () => getStack().userPoolId),
    now,
  );

/** Nothing half-written: no user item for the account, no consumer on the client, the invitation not used. */
async function expectNothingWritten(client: ClientView, token: string, sub: string | null) {
  expect((await createData().clients.get(client.id))?.userId).toBeUndefined();
  expect((await createData().invitations.get(token))?.status).not.toBe('used');
  if (sub) expect(await createData().users.get(sub)).toBeNull();
}

/** The consumer's own retry, through the API; then the portal they came for. */
async function retryAndOpenPortal(token: string, email: string): Promise<string> {
  const accepted = await postFromOwnSource<AcceptInvitationResponse>(`/invitations/${token}/accept`, {
    email,
    password: PASSWORD,
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  const { idToken } = await signIn(email, PASSWORD);
  expect(claimsOf(idToken)['cognito:groups']).toEqual(['consumer']);
  const portal = await apiFetch<ConsumerPortal>('/consumer/portal', { token: idToken });
  expect(portal.status).toBe(200);
  expect(await createData().users.get(accepted.body.userId)).toMatchObject({ role: 'consumer', email });
  return accepted.body.userId;
}

describe('a consumer account whose role write fails', () => {
  it('answers 503, deletes the account and keeps the invitation valid; trying again gives a consumer who sees the portal', async () => {
    const { client, email, token } = await invitedClient();
    const faults = tableFaults();
    faults.on(TransactWriteCommand).rejectsOnce(awsError('ProvisionedThroughputExceededException', 'Throughput exceeded'));

    const failure = await acceptHere(token, email)
      .catch((error: unknown) => error)
      .finally(() => faults.restore());

    expect(outsideServiceError(failure)).toMatchObject({ status: 503, message: UNAVAILABLE_MESSAGES.table });
    expect(await cognitoSub(email), 'no login without its client: the account was deleted').toBeNull();
    await expectNothingWritten(client, token, null);
    expect(await createData().invitations.get(token)).toMatchObject({ status: 'pending' });

    await retryAndOpenPortal(token, email);
  });

  it('keeps the account for the next accept when Cognito cannot delete it either, and the next accept takes it over', async () => {
    const { client, email, token } = await invitedClient();
    const faults = tableFaults();
    faults.on(TransactWriteCommand).rejectsOnce(awsError('ProvisionedThroughputExceededException', 'Throughput exceeded'));
    const pool = mockClient(CognitoIdentityProviderClient);
    pool.send.callThrough();
    pool.on(AdminDeleteUserCommand).rejects(awsError('TooManyRequestsException', 'Rate exceeded'));

    const failure = await acceptHere(token, email)
      .catch((error: unknown) => error)
      .finally(() => {
        faults.restore();
        pool.restore();
      });

    expect(outsideServiceError(failure)?.status).toBe(503);
    const left = await cognitoSub(email);
    expect(left, 'the account could not be deleted').not.toBeNull();
    await expectNothingWritten(client, token, left);
    expect(await createData().invitations.get(token)).toMatchObject({ status: 'pending', accountEmail: email });

    expect(await retryAndOpenPortal(token, email), 'the same account, finished').toBe(left);
  });
});

describe('the Lambda dying between the account and the role write', () => {
  it('leaves the invitation to the next accept, which finishes the account the dead one made', async () => {
    const { client, email, token } = await invitedClient();
    const faults = tableFaults();
    // The final write never comes back: this accept is as good as dead from here on.
    faults.on(TransactWriteCommand).callsFake(() => new Promise(() => undefined));
    // Its claim was taken a lease ago, so the consumer's retry may take it over now rather than in a minute.
    void acceptHere(token, email, new Date(Date.now() - ACCEPT_LEASE_MS - 5_000));
    await expect.poll(() => faults.commandCalls(TransactWriteCommand).length, { timeout: 15_000 }).toBe(1);
    faults.restore();
    const left = await cognitoSub(email);
    expect(left, 'the dead accept made the account').not.toBeNull();
    await expectNothingWritten(client, token, left);

    expect(await retryAndOpenPortal(token, email), 'the same account, finished').toBe(left);
  });
});
