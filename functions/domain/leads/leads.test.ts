import { describe, expect, it } from 'vitest';
import { ALL_LEADS_SCOPE, POOL_LEADS_SCOPE, brokerLeadsScope } from '../counters/counters';
import { leadCounterDeltas, leadStreams, newLeadScopes } from './leads';

describe('newLeadScopes', () => {
  it('counts a new open lead for admins and the pool', () => {
    expect(newLeadScopes({ status: 'new' })).toEqual([ALL_LEADS_SCOPE, POOL_LEADS_SCOPE]);
  });

  it('counts a new lead for its assignee and its named agent, once each, and not in the pool', () => {
    expect(newLeadScopes({ status: 'new', assignedBrokerId: 'ann', brokerId: 'bob' })).toEqual([
      ALL_LEADS_SCOPE,
      brokerLeadsScope('ann'),
      brokerLeadsScope('bob'),
    ]);
    expect(newLeadScopes({ status: 'new', assignedBrokerId: 'ann', brokerId: 'ann' })).toEqual([
      ALL_LEADS_SCOPE,
      brokerLeadsScope('ann'),
    ]);
  });

  it('does not count a lead that is no longer new', () => {
    expect(newLeadScopes({ status: 'contacted', assignedBrokerId: 'ann' })).toEqual([]);
  });
});

describe('leadCounterDeltas', () => {
  it('moves a claimed lead from the pool to the broker, leaving the total alone', () => {
    expect(leadCounterDeltas({ status: 'new' }, { status: 'new', assignedBrokerId: 'ann' })).toEqual([
      { scope: POOL_LEADS_SCOPE, changes: { newLeads: -1 } },
      { scope: brokerLeadsScope('ann'), changes: { newLeads: 1 } },
    ]);
  });

  it('takes a contacted lead out of every count', () => {
    expect(
      leadCounterDeltas({ status: 'new', assignedBrokerId: 'ann' }, { status: 'contacted', assignedBrokerId: 'ann' }),
    ).toEqual([
      { scope: ALL_LEADS_SCOPE, changes: { newLeads: -1 } },
      { scope: brokerLeadsScope('ann'), changes: { newLeads: -1 } },
    ]);
  });

  it('adds a created lead to its counts', () => {
    expect(leadCounterDeltas(undefined, { status: 'new', brokerId: 'bob' })).toEqual([
      { scope: ALL_LEADS_SCOPE, changes: { newLeads: 1 } },
      { scope: brokerLeadsScope('bob'), changes: { newLeads: 1 } },
    ]);
  });
});

describe('leadStreams', () => {
  it('reads every lead, or one status, from one index for an unfiltered admin', () => {
    expect(leadStreams({})).toEqual([{ index: 'gsi1', partition: 'QUOTELEADS' }]);
    expect(leadStreams({ status: 'new' })).toEqual([{ index: 'gsi3', partition: 'QUOTELEADS#status#new' }]);
  });

  it("reads a broker's assigned and named leads, and the pool for their own inbox", () => {
    expect(leadStreams({ brokerId: 'ann', withPool: true })).toEqual([
      { index: 'gsi4', partition: 'QUOTELEADS#assignee#ann' },
      { index: 'gsi2', partition: 'QUOTELEADS#ann' },
      { index: 'gsi4', partition: 'QUOTELEADS#pool' },
    ]);
  });

  it('narrows every stream to one status with the status indexes', () => {
    expect(leadStreams({ brokerId: 'ann', status: 'lost' })).toEqual([
      { index: 'gsi5', partition: 'QUOTELEADS#assignee#ann#status#lost' },
      { index: 'gsi6', partition: 'QUOTELEADS#ann#status#lost' },
    ]);
  });
});
