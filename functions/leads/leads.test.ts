import { describe, expect, it, vi } from 'vitest';
import { LEAD_ALREADY_ASSIGNED_MESSAGE, LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE, LEAD_CHANGED_MESSAGE } from '@shared/leads/api';
import type { Identity } from '@functions/lib/auth-context';
import { LeadChangedError, type Lead } from '@functions/domain/leads/leads';
import { assignLead, claimLead } from './leads';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const admin: Identity = { userId: 'admin-1', email: 'admin@leasedesk.com', role: 'admin' };
const broker: Identity = { userId: 'broker-1', email: 'broker@leasedesk.com', role: 'broker' };

const lead = (changes: Partial<Lead> = {}): Lead => ({
  id: 'lead-1',
  firstName: 'Robin',
  lastName: 'Lee',
  email: 'robin@example.com',
  phone: '4155552671',
  zipCode: '94107',
  vehiclePreference: 'help',
  createdAt: NOW.toISOString(),
  status: 'new',
  ...changes,
});

/** The lead store as read and written by the service: `reads` are the leads each read returns in turn. */
function fakes(
  reads: Lead[],
  save: (before: Lead, after: Lead) => Promise<Lead> = async (_b, after) => after,
  licenseExpirationDate?: string,
) {
  let read = 0;
  const leads = {
    get: vi.fn(async () => reads[Math.min(read++, reads.length - 1)] ?? null),
    save: vi.fn(save),
    brokerNames: vi.fn(async () => new Map<string, string>()),
  };
  const users = {
    get: vi.fn(async (userId: string) => ({ userId, fullName: `Name of ${userId}` })),
    getBrokerProfile: vi.fn(async (userId: string) => ({
      userId,
      fullName: `Name of ${userId}`,
      isApproved: true,
      isLicensed: true,
      licenseExpirationDate,
    })),
  };
  // The shared book (the default): the pool is every broker's.
  const settings = { ownBook: async () => false };
  return { data: { leads, users, settings } as never, leads };
}

describe('assignLead: on the revision the screen loaded', () => {
  it('assigns a lead still at that revision, with one history entry', async () => {
    const { data, leads } = fakes([lead({ revision: 3 })]);

    const detail = await assignLead(admin, 'lead-1', { brokerId: 'broker-2', revision: 3 }, data, NOW);

    expect(detail.assignee?.id).toBe('broker-2');
    expect(leads.save).toHaveBeenCalledTimes(1);
    expect(vi.mocked(leads.save).mock.calls[0]![1].assignmentHistory).toHaveLength(1);
  });

  it('refuses a broker flagged licensed on a licence past its expiration date (400) and writes nothing; its last day still counts', async () => {
    const expired = fakes([lead({ revision: 3 })], undefined, '2026-03-09');

    await expect(assignLead(admin, 'lead-1', { brokerId: 'broker-2', revision: 3 }, expired.data, NOW)).rejects.toMatchObject({
      status: 400,
      message: LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE,
      fields: { brokerId: LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE },
    });
    expect(expired.leads.save).not.toHaveBeenCalled();
    const lastDay = fakes([lead({ revision: 3 })], undefined, '2026-03-10');
    await expect(assignLead(admin, 'lead-1', { brokerId: 'broker-2', revision: 3 }, lastDay.data, NOW)).resolves.toMatchObject({
      assignee: { id: 'broker-2' },
    });
  });

  it('reads a lead never written by the inbox as revision 0', async () => {
    const { data } = fakes([lead()]);

    await expect(assignLead(admin, 'lead-1', { brokerId: null, revision: 0 }, data, NOW)).resolves.toMatchObject({
      revision: 0,
    });
  });

  it('refuses a stale revision with 409 and writes nothing', async () => {
    const { data, leads } = fakes([lead({ revision: 4, assignedBrokerId: 'broker-3' })]);

    await expect(assignLead(admin, 'lead-1', { brokerId: 'broker-2', revision: 3 }, data, NOW)).rejects.toMatchObject({
      status: 409,
      message: LEAD_CHANGED_MESSAGE,
    });
    expect(leads.save).not.toHaveBeenCalled();
  });

  it('answers 409 when the write loses to another one, and does not try again on the newer lead', async () => {
    const { data, leads } = fakes([lead({ revision: 1 }), lead({ revision: 2, assignedBrokerId: 'broker-3' })], async () => {
      throw new LeadChangedError('lead-1');
    });

    await expect(assignLead(admin, 'lead-1', { brokerId: 'broker-2', revision: 1 }, data, NOW)).rejects.toMatchObject({
      status: 409,
      message: LEAD_CHANGED_MESSAGE,
    });
    expect(leads.save).toHaveBeenCalledTimes(1);
  });
});

describe('claimLead: decided on what is stored', () => {
  it("finds a lost write's lead the caller's own (their double click): 200, nothing written twice", async () => {
    let saves = 0;
    const { data, leads } = fakes(
      [lead({ revision: 0 }), lead({ revision: 1, assignedBrokerId: 'broker-1' })],
      async (_b, after) => {
        if (saves++ === 0) throw new LeadChangedError('lead-1');
        return after;
      },
    );

    await expect(claimLead(broker, 'lead-1', data, NOW)).resolves.toMatchObject({ assignee: { id: 'broker-1' } });
    expect(leads.save).toHaveBeenCalledTimes(1);
  });

  it("finds a lost write's lead taken by another broker: 409", async () => {
    const { data } = fakes([lead({ revision: 0 }), lead({ revision: 1, assignedBrokerId: 'broker-9' })], async () => {
      throw new LeadChangedError('lead-1');
    });

    await expect(claimLead(broker, 'lead-1', data, NOW)).rejects.toMatchObject({
      status: 409,
      message: LEAD_ALREADY_ASSIGNED_MESSAGE,
    });
  });
});
