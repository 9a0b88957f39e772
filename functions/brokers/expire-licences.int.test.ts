/**
 * The daily licence job against DynamoDB Local and the local SES mailbox: it finds the expired licences through
 * the licence-expiry index, un-licenses each broker once (also when runs overlap), records it in the approval
 * history, takes the broker out of the index and the "licensed" list, and e-mails the broker and every admin once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '@functions/lib/mailer';
import { createTestTable, type TestTable } from '@test/support/test-table';
import { readMailbox, waitForMail } from '@test/support/stack';
import { expireLicences, type LicenceJobDeps } from './expire-licences';

const NOW = new Date('2026-03-10T06:05:00.000Z');
const unique = () => randomUUID().slice(0, 8);

describe('the expire-licences job', () => {
  let testTable: TestTable;
  const admins = [`licence-admin-${unique()}@leasedesk.com`, `licence-admin-${unique()}@leasedesk.com`];

  beforeAll(async () => {
    testTable = await createTestTable('licences');
    for (const [index, email] of admins.entries()) {
      await testTable.data.users.create({ userId: `admin-${unique()}`, role: 'admin', fullName: `Admin ${index}`, email }, NOW);
    }
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  const deps = (overrides: Partial<LicenceJobDeps> = {}): LicenceJobDeps => ({
    data: { licences: testTable.data.licences },
    mailer: createMailer(),
    appUrl: 'https://app.leasedesk.test',
    ...overrides,
  });

  /** A confirmed, approved broker with this licence standing; returns their id and e-mail. */
  async function broker(standing: { isLicensed: boolean; licenseExpirationDate?: string }) {
    const id = `broker-${unique()}`;
    const email = `licence-broker-${unique()}@leasedesk.com`;
    await testTable.data.users.registerBroker({ userId: id, email, fullName: `Broker ${id}` }, new Date('2025-01-01T00:00:00Z'), {
      isApproved: true,
      licenseNumber: `CA-${id}`,
      commissionType: 'percentage',
      commissionValue: 25,
      ...standing,
    });
    return { id, email, fullName: `Broker ${id}` };
  }

  const mailTo = async (address: string) => (await readMailbox()).filter((message) => message.destination.to.includes(address));

  it('un-licenses exactly the brokers whose licence expired before today, once, with one e-mail each', async () => {
    const due = await broker({ isLicensed: true, licenseExpirationDate: '2026-03-09' });
    const today = await broker({ isLicensed: true, licenseExpirationDate: '2026-03-10' });
    const undated = await broker({ isLicensed: true });
    const unlicensed = await broker({ isLicensed: false, licenseExpirationDate: '2026-01-01' });

    const first = await expireLicences(deps(), NOW);
    const second = await expireLicences(deps(), NOW);

    expect(first).toEqual({ examined: 1, unlicensed: 1, skipped: 0, emailsFailed: 0 });
    expect(second).toEqual({ examined: 0, unlicensed: 0, skipped: 0, emailsFailed: 0 });
    const profiles = await testTable.data.brokers.profiles([due.id, today.id, undated.id, unlicensed.id]);
    expect(Object.fromEntries(profiles.map((profile) => [profile.userId, profile.isLicensed]))).toEqual({
      [due.id]: false,
      [today.id]: true,
      [undated.id]: true,
      [unlicensed.id]: false,
    });
    // Out of the licence-expiry index and of the "approved and licensed" list; the date stays on file.
    const stored = await testTable.readItem({ pk: `USER#${due.id}`, sk: 'BROKER' });
    expect(stored).toMatchObject({ licenseExpirationDate: '2026-03-09', gsi1sk: expect.stringMatching(/^licensed#false#/) });
    expect(stored).not.toHaveProperty('gsi6pk');
    const licensed = await testTable.data.users.listBrokers(true, { licensedOnly: true });
    expect(licensed.map((profile) => profile.userId)).not.toContain(due.id);
    const [entry] = await testTable.data.brokers.history(due.id);
    expect(entry).toMatchObject({
      byId: 'system',
      byName: 'System',
      at: NOW.toISOString(),
      before: { isLicensed: true, licenseExpirationDate: '2026-03-09' },
      after: { isLicensed: false, licenseExpirationDate: '2026-03-09' },
    });

    await waitForMail(due.email);
    for (const admin of admins) await waitForMail(admin, (message) => message.subject.includes(due.fullName));
    expect((await mailTo(due.email)).map((message) => message.subject)).toEqual(['Your broker licence has expired']);
    for (const admin of admins) {
      expect((await mailTo(admin)).filter((message) => message.subject.includes(due.fullName))).toHaveLength(1);
    }
    for (const other of [today, undated, unlicensed]) expect(await mailTo(other.email)).toEqual([]);
  });

  it('un-licenses once and mails once when two runs overlap', async () => {
    const due = await broker({ isLicensed: true, licenseExpirationDate: '2026-02-01' });

    const runs = await Promise.all([expireLicences(deps(), NOW), expireLicences(deps(), NOW)]);

    expect(runs.reduce((sum, run) => sum + run.unlicensed, 0)).toBe(1);
    await waitForMail(due.email);
    for (const admin of admins) await waitForMail(admin, (message) => message.subject.includes(due.fullName));
    expect(await mailTo(due.email)).toHaveLength(1);
    for (const admin of admins) {
      expect((await mailTo(admin)).filter((message) => message.subject.includes(due.fullName))).toHaveLength(1);
    }
  });

  it('skips a broker whose licence an admin renewed after the index was read, and mails nobody', async () => {
    const due = await broker({ isLicensed: true, licenseExpirationDate: '2026-03-01' });
    const { licences } = testTable.data;
    // The admin's save lands between the job's read of the index and its write.
    const renewedMeanwhile: LicenceJobDeps['data']['licences'] = {
      ...licences,
      async expiredBefore(today) {
        const found = await licences.expiredBefore(today);
        const profile = (await testTable.data.users.getBrokerProfile(due.id))!;
        await testTable.data.brokers.saveStanding(
          profile,
          {
            isApproved: true,
            isLicensed: true,
            commissionType: 'percentage',
            commissionValue: 25,
            licenseNumber: profile.licenseNumber ?? null,
            licenseExpirationDate: '2027-03-01',
          },
          { id: 'admin', fullName: 'Admin' },
          { before: {}, after: {} },
          NOW,
        );
        return found;
      },
    };

    const result = await expireLicences(deps({ data: { licences: renewedMeanwhile } }), NOW);

    expect(result).toMatchObject({ unlicensed: 0, skipped: 1 });
    expect((await testTable.data.users.getBrokerProfile(due.id))?.isLicensed).toBe(true);
    expect(await mailTo(due.email)).toEqual([]);
    // Renewed: in the index under its new date, due again only after it.
    expect((await licences.expiredBefore('2027-03-02')).map((profile) => profile.userId)).toContain(due.id);
    expect((await licences.expiredBefore('2027-03-01')).map((profile) => profile.userId)).not.toContain(due.id);
  });
});
