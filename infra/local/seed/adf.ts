/**
 * Demo ADF leads (docs/decisions.md, "ADF leads"): inbound lead addresses for the first demo
 * dealership (Bay Area BMW) and for the company (the public quote flow's owner), so an admin sees a live address on
 * /dealerships and /admin/settings, and three leads that dealer websites sent in ADF, so the inbox shows the ADF mark,
 * the provider and the vehicle of interest. Each lead is what the webhook stores: the document is parsed by the
 * webhook's own parser and made a lead by its own mapping, with its prospect's dedupe key, so posting the same
 * document to the address again answers the same lead.
 *
 * The tokens are fixed, readable demo values (22 base64url characters, like a generated one): the local stack is the
 * only place the seed runs. Regenerating from the dialog replaces them. Lead ids are fixed, so a re-run adds nothing.
 */
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { ADF_COMPANY_OWNER } from '@shared/leads/adf-api';
import { withVinCheckDigit } from '@shared/vehicles/vin';
import type { Data } from '@infra/data/create-data';
import type { Lead } from '@functions/domain/leads/leads';
import { commit } from '@functions/lib/data/transactions';
import { parseAdf, prospectKey } from '@functions/leads/adf/adf';
import { leadOfProspect } from '@functions/leads/adf-leads';
import { adfAddressEntity, adfProspectHash, adfStore, adfTokenEntity, adfTokenHash } from '@functions/leads/data/adf';

/** The demo inbound addresses' tokens: the webhook is `POST {api}/leads/adf/{token}`. */
export const DEMO_ADF_TOKENS = {
  /** Bay Area BMW's address (the first demo dealership). */
  dealership: 'demoAdfBayAreaBmw00001',
  company: 'demoAdfCompanyLeads001',
} as const;

/** The seeded ADF leads' ids, newest first. */
export const DEMO_ADF_LEAD_IDS = ['demo-lead-adf-1', 'demo-lead-adf-2', 'demo-lead-adf-3'] as const;

interface DemoAdfLead {
  id: string;
  minutesAgo: number;
  /** Sent to the dealership's address (else the company's). */
  toDealership: boolean;
  document: string;
}

const prospect = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>\n${body}\n</adf>`;

const LEADS: readonly DemoAdfLead[] = [
  {
    id: DEMO_ADF_LEAD_IDS[0],
    minutesAgo: 25,
    toDealership: true,
    document: prospect(`<prospect>
  <id sequence="1" source="BayAreaBMW.com">BAB-2026-0412</id>
  <requestdate>2026-01-01T8:47:50-08:00</requestdate>
  <vehicle interest="lease" status="new">
    <year>2026</year><make>BMW</make><model>X3</model><trim>xDrive30</trim>
    <vin>${withVinCheckDigit('5UX43DP00S9X00412')}</vin><stock>B4412</stock>
  </vehicle>
  <customer>
    <contact>
      <name part="first">Taylor</name><name part="last">Brennan</name>
      <email>taylor.brennan@example.com</email>
      <phone type="cellphone">(415) 555-0161</phone>
      <address><postalcode>94110</postalcode></address>
    </contact>
    <comments>Looking to lease by the end of the month; would like a quote with $3,000 down.</comments>
  </customer>
  <vendor><vendorname>Bay Area BMW</vendorname></vendor>
  <provider><name part="full">BayAreaBMW.com Get a Quote</name></provider>
</prospect>`),
  },
  {
    id: DEMO_ADF_LEAD_IDS[1],
    minutesAgo: 6 * 60,
    toDealership: true,
    document: prospect(`<prospect>
  <id sequence="1" source="CarsDirect">CD-88310275</id>
  <vehicle interest="lease"><year>2026</year><make>BMW</make><model>330i</model></vehicle>
  <customer>
    <contact>
      <name part="full">Morgan Ellis</name>
      <email>morgan.ellis@example.com</email>
      <phone type="daytime">415-555-0162</phone>
    </contact>
  </customer>
  <vendor><vendorname>Bay Area BMW</vendorname></vendor>
  <provider><name part="full">CarsDirect</name><url>https://www.carsdirect.example.com</url></provider>
</prospect>`),
  },
  {
    id: DEMO_ADF_LEAD_IDS[2],
    minutesAgo: 2 * 24 * 60,
    toDealership: false,
    document: prospect(`<prospect>
  <id sequence="1" source="LeaseSearch">LS-50027</id>
  <vehicle interest="lease"><year>2026</year><make>Toyota</make><model>RAV4</model><trim>XLE</trim></vehicle>
  <customer>
    <contact>
      <name part="first">Casey</name><name part="last">Lindqvist</name>
      <email>casey.lindqvist@example.com</email>
    </contact>
    <comments>Current lease ends in March.</comments>
  </customer>
  <provider><name part="full">LeaseSearch Marketplace</name></provider>
</prospect>`),
  },
];

/** Writes an owner's inbound address with a fixed token, unless the owner has one already (a re-run). */
async function seedAddress(data: Data, owner: string, token: string, now: Date): Promise<void> {
  const tokenHash = adfTokenHash(token);
  const createdAt = now.toISOString();
  await commit([
    adfAddressEntity(data.table)
      .build(PutTransaction)
      .item({ owner, token, tokenHash, createdAt })
      .options({ condition: { attr: 'owner', exists: false } }),
    adfTokenEntity(data.table)
      .build(PutTransaction)
      .item({ tokenHash, owner, createdAt })
      .options({ condition: { attr: 'tokenHash', exists: false } }),
  ]);
}

/** A demo ADF lead as the webhook would store it: the owner whose address received it, the lead, its dedupe key. */
export interface PlannedAdfLead {
  owner: string;
  lead: Lead;
  prospectKey: string;
}

/**
 * Pure: the demo ADF leads, each document read by the webhook's parser and made a lead by its mapping (`dealership`
 * is the first demo dealership, the owner of the dealership address).
 */
export function planAdfLeads(dealership: { id: string; name: string }, now: Date): PlannedAdfLead[] {
  return LEADS.flatMap(({ id, minutesAgo, toDealership, document }) =>
    parseAdf(document).map((parsed) => ({
      owner: toDealership ? dealership.id : ADF_COMPANY_OWNER,
      lead: leadOfProspect(parsed, {
        id,
        now: new Date(now.getTime() - minutesAgo * 60_000),
        dealership: toDealership ? dealership : null,
      }),
      prospectKey: prospectKey(parsed)!,
    })),
  );
}

/** The demo addresses and ADF leads; `dealership` is the first demo dealership. Returns the leads made. */
export async function seedAdfLeads(data: Data, dealership: { id: string; name: string }, now: Date): Promise<number> {
  const addressesMadeAt = new Date(now.getTime() - 30 * 86_400_000);
  await seedAddress(data, dealership.id, DEMO_ADF_TOKENS.dealership, addressesMadeAt);
  await seedAddress(data, ADF_COMPANY_OWNER, DEMO_ADF_TOKENS.company, addressesMadeAt);
  const adf = adfStore(data.table);
  let created = 0;
  for (const { owner, lead, prospectKey: key } of planAdfLeads(dealership, now)) {
    const claim = adf.claimProspect(adfProspectHash(owner, key), owner, lead.id, new Date(lead.createdAt));
    if (await data.leads.create(lead, [claim])) created++;
  }
  return created;
}
