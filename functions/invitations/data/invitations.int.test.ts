/**
 * The invitation store's claim protocol against DynamoDB Local (docs/decisions.md "Consumers"): one claim at a time,
 * an abandoned claim taken over after its lease, a finalize that only the current claim holder can make, and the
 * client link written with its index keys (the consumer's own client is found by user).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable, type TestTable } from '@test/support/test-table';
import { ACCEPT_LEASE_MS, type Invitation } from './invitations';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

let testTable: TestTable;
beforeAll(async () => {
  testTable = await createTestTable('invitations');
});
afterAll(async () => {
  await testTable?.drop();
});

let sequence = 0;
async function pendingInvitation(validForMs = 7 * 86_400_000): Promise<Invitation> {
  const { data } = testTable;
  sequence++;
  const { client } = await data.clients.create(
    { fullName: `Claim Client ${'abcdefgh'[sequence % 8]}`, email: `claim.${sequence}@example.com`, profileId: 'broker-1' },
    NOW,
  );
  return data.invitations.create({
    token: `token-${sequence}-${Date.now()}`,
    id: `inv-${sequence}`,
    clientId: client.id,
    clientName: client.fullName,
    clientEmail: client.email,
    invitationType: 'email',
    invitedBy: 'broker-1',
    sentTo: client.email!,
    status: 'pending',
    validUntil: at(validForMs).toISOString(),
    createdAt: NOW.toISOString(),
  });
}

const account = (userId: string) => ({ userId, fullName: 'Claim Consumer', email: `${userId}@example.com` });

describe('the invitation claim', () => {
  it('admits one claim at a time; a second is refused while the first holds its lease', async () => {
    const invitation = await pendingInvitation();
    const { invitations } = testTable.data;

    const results = await Promise.all(
      ['a', 'b', 'c'].map((claim) => invitations.claim(invitation.token, claim, NOW, 'consumer@example.com')),
    );

    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await invitations.get(invitation.token))?.status).toBe('accepting');
  });

  it('lets an abandoned claim be taken over after its lease, and then only the new holder can finalize', async () => {
    const invitation = await pendingInvitation();
    const { invitations, clients, users } = testTable.data;
    await invitations.claim(invitation.token, 'first', NOW, 'consumer@example.com');

    expect(await invitations.claim(invitation.token, 'second', at(ACCEPT_LEASE_MS - 1000), 'consumer@example.com')).toBe(false);
    expect(await invitations.claim(invitation.token, 'second', at(ACCEPT_LEASE_MS + 1000), 'consumer@example.com')).toBe(true);
    expect(await invitations.finalize(invitation, 'first', account('user-first'), NOW)).toBe('claim-lost');
    expect(await invitations.finalize(invitation, 'second', account('user-second'), NOW)).toBe('accepted');

    expect(await invitations.get(invitation.token)).toMatchObject({ status: 'used', usedBy: 'user-second' });
    expect((await invitations.get(invitation.token))?.claimId).toBeUndefined();
    expect((await clients.getByUser('user-second'))?.id).toBe(invitation.clientId);
    expect(await clients.getByUser('user-first')).toBeNull();
    expect(await users.get('user-second')).toMatchObject({ role: 'consumer', email: 'user-second@example.com' });
    expect(await users.get('user-first')).toBeNull();
  });

  it('refuses to claim an expired invitation or a used one', async () => {
    const expired = await pendingInvitation(-1);
    const used = await pendingInvitation();
    const { invitations } = testTable.data;
    await invitations.claim(used.token, 'x', NOW, 'consumer@example.com');
    await invitations.finalize(used, 'x', account('user-used'), NOW);

    expect(await invitations.claim(expired.token, 'y', NOW, 'consumer@example.com')).toBe(false);
    expect(await invitations.claim(used.token, 'y', at(ACCEPT_LEASE_MS * 10), 'consumer@example.com')).toBe(false);
    expect(await invitations.claim('no-such-token', 'y', NOW, 'consumer@example.com')).toBe(false);
  });

  it('releases only its own claim: the invitation is pending again for the next accept', async () => {
    const invitation = await pendingInvitation();
    const { invitations } = testTable.data;
    await invitations.claim(invitation.token, 'mine', NOW, 'consumer@example.com');

    await invitations.release(invitation.token, 'not-mine');
    expect((await invitations.get(invitation.token))?.status).toBe('accepting');
    await invitations.release(invitation.token, 'mine');
    expect((await invitations.get(invitation.token))?.status).toBe('pending');
    expect(await invitations.claim(invitation.token, 'next', NOW, 'consumer@example.com')).toBe(true);
  });

  it('does not link a client that already has a consumer (another invitation of theirs was accepted)', async () => {
    const first = await pendingInvitation();
    const { invitations } = testTable.data;
    const second = await invitations.create({ ...first, token: `${first.token}-2`, id: `${first.id}-2` });
    await invitations.claim(first.token, 'one', NOW, 'consumer@example.com');
    await invitations.finalize(first, 'one', account(`linked-${first.id}`), NOW);
    await invitations.claim(second.token, 'two', NOW, 'consumer@example.com');

    expect(await invitations.finalize(second, 'two', account(`late-${first.id}`), NOW)).toBe('client-linked');
    expect((await invitations.get(second.token))?.status).toBe('accepting');
  });
});
