/**
 * The demo ADF leads (./adf.ts): every document is one the webhook accepts, each lead is an ADF lead of the inbox
 * with a contact, a vehicle and its provider, with a prospect key of its own, and the tokens look like generated ones.
 */
import { describe, expect, it } from 'vitest';
import { ADF_COMPANY_OWNER } from '@shared/leads/adf-api';
import { vinCheckIssue } from '@shared/vehicles/vin';
import { DEMO_ADF_LEAD_IDS, DEMO_ADF_TOKENS, planAdfLeads } from './adf';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const DEALERSHIP = { id: '01DEALERSHIP', name: 'Bay Area BMW' };

describe('the demo ADF leads', () => {
  const planned = planAdfLeads(DEALERSHIP, NOW);

  it('are new ADF leads with a contact, a vehicle and a provider, received before now, to both addresses', () => {
    expect(planned.map(({ lead }) => lead.id)).toEqual([...DEMO_ADF_LEAD_IDS]);
    for (const { lead } of planned) {
      expect(lead).toMatchObject({ source: 'adf', status: 'new', vehiclePreference: 'exact', leaseOrPurchase: 'lease' });
      expect(lead.firstName && lead.lastName && lead.email).toBeTruthy();
      expect(lead.exactVehicleMake && lead.exactVehicleModel && lead.adfProvider).toBeTruthy();
      expect(new Date(lead.createdAt).getTime()).toBeLessThan(NOW.getTime());
      if (lead.exactVehicleVin) expect(vinCheckIssue(lead.exactVehicleVin)).toBeNull();
    }
    expect(planned.filter(({ owner }) => owner === DEALERSHIP.id).map(({ lead }) => lead.dealershipName)).toEqual([
      'Bay Area BMW',
      'Bay Area BMW',
    ]);
    expect(planned.filter(({ owner }) => owner === ADF_COMPANY_OWNER).map(({ lead }) => lead.dealershipId)).toEqual([undefined]);
  });

  it('each have a prospect key of their own (a resend of the document answers the same lead)', () => {
    const keys = planned.map(({ prospectKey }) => prospectKey);
    expect(keys.every((key) => key.length > 0)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are the same for the same now, and the tokens are shaped like generated ones (22 base64url characters)', () => {
    expect(planAdfLeads(DEALERSHIP, NOW)).toEqual(planned);
    for (const token of Object.values(DEMO_ADF_TOKENS)) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
