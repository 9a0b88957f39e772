/**
 * CSV exports, a page at a time (docs/decisions.md "CSV import and export"): each request reads one bounded page of
 * an index (never a Scan, never the whole set) and answers it as CSV text with the cursor of the next page; the
 * browser joins the pages into the file. Brokers export their own records: the clients they created (their owner
 * listing), the deals they broker (their two deal partitions), the leads assigned to or naming them; admins all.
 */
import { EXPORT_PAGE_ROWS, type ExportPage } from '@shared/transfers/api';
import { CLIENT_CSV_HEADER, clientCsvValues } from '@shared/transfers/client-rows';
import { formatPhone } from '@shared/format';
import { CSV_BOM, csvRow, type CsvValue } from '@shared/transfers/csv';
import type { Identity } from '@functions/lib/auth-context';
import { type Client } from '@functions/domain/clients/clients';
import { ALL_CLIENTS_TOKEN, ownerToken } from '@functions/domain/clients/client-search';
import type { Lead } from '@functions/domain/leads/leads';
import type { Deal } from '@functions/domain/deals/entities/deal';
import { decodeCursor, decodeListingCursor, encodeCursor, invalidCursor } from '@functions/lib/http/list-cursor';
import type { TransfersData } from './data';
import { dealExportStreams, dealPosition } from './data/deal-export';

/** The broker whose records the caller exports, or null for all (admins). */
const ownRecordsOf = (identity: Identity) => (identity.role === 'admin' ? null : identity.userId);

/** The page's text: the BOM and header before the first page's rows. */
function pageText(header: readonly string[], rows: CsvValue[][], first: boolean): string {
  return (first ? CSV_BOM + csvRow(header) : '') + rows.map(csvRow).join('');
}

export const DEAL_CSV_HEADER = [
  'Deal id',
  'Client',
  'Year',
  'Make',
  'Model',
  'Trim',
  'VIN',
  'Stock number',
  'Type',
  'Status',
  'Monthly payment',
  'Down payment',
  'Term (months)',
  'Created',
  'Closed',
];

export function dealCsvValues(deal: Deal): CsvValue[] {
  return [
    deal.id,
    deal.clientName,
    deal.year,
    deal.make,
    deal.model,
    deal.trim,
    deal.vin,
    deal.stockNumber,
    deal.dealType,
    deal.status,
    deal.monthlyPayment,
    deal.downPayment,
    deal.termMonths,
    deal.createdAt,
    deal.dealClosedAt,
  ];
}

export const LEAD_CSV_HEADER = [
  'Lead id',
  'Received',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'ZIP code',
  'Status',
  'Assigned broker',
  'Vehicle',
  'Monthly budget',
  'Notes',
];

export function leadCsvValues(lead: Lead): CsvValue[] {
  const vehicle = [lead.exactVehicleYear, lead.exactVehicleMake, lead.exactVehicleModel, lead.exactVehicleTrim]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
  return [
    lead.id,
    lead.createdAt,
    lead.firstName,
    lead.lastName,
    lead.email,
    lead.phone === undefined ? undefined : formatPhone(lead.phone),
    lead.zipCode,
    lead.status,
    lead.assignedBrokerName,
    vehicle || lead.bodyStyle,
    lead.monthlyPaymentBudget,
    lead.additionalNotes,
  ];
}

export function clientRowOf(client: Client): CsvValue[] {
  return clientCsvValues({
    fullName: client.fullName,
    email: client.email ?? null,
    phone: client.phone ?? null,
    address: client.address ?? null,
    creditScore: client.creditScore ?? null,
    dateOfBirth: client.dateOfBirth ?? null,
    preferredMakes: client.preferredMakes ?? [],
    notes: client.notes ?? null,
  });
}

/** GET /exports/clients: a page of the clients listing in name order (the broker's owner listing, or every client). */
export async function exportClients(
  identity: Identity,
  cursor: string | undefined,
  data: TransfersData,
  limit = EXPORT_PAGE_ROWS,
): Promise<ExportPage> {
  const owner = ownRecordsOf(identity);
  const token = owner ? ownerToken(owner) : ALL_CLIENTS_TOKEN;
  const after = cursor ? decodeListingCursor(cursor, token) : undefined;
  const page = await data.clients.page({ token, words: [], after, limit });
  const byId = new Map((await data.clients.getMany(page.clientIds)).map((client) => [client.id, client]));
  const clients = page.clientIds.flatMap((id) => {
    const client = byId.get(id);
    return client && (!owner || client.profileId === owner) ? [client] : [];
  });
  return {
    csv: pageText(CLIENT_CSV_HEADER, clients.map(clientRowOf), !cursor),
    rows: clients.length,
    nextCursor: page.lastPosition ? encodeCursor(token, page.lastPosition) : null,
  };
}

const STREAM_START = 'start';

/** GET /exports/deals: newest first, stream after stream (the broker's two partitions, or each status). */
export async function exportDeals(
  identity: Identity,
  cursor: string | undefined,
  data: TransfersData,
  limit = EXPORT_PAGE_ROWS,
): Promise<ExportPage> {
  const owner = ownRecordsOf(identity);
  const streams = dealExportStreams(owner);
  let stream = 0;
  let after: string | undefined;
  if (cursor) {
    const [streamPart, position] = decodeCursor(cursor);
    stream = Number(streamPart);
    if (!Number.isInteger(stream) || stream < 0 || stream >= streams.length) throw invalidCursor();
    if (position !== STREAM_START && !position.startsWith('DEAL#')) throw invalidCursor();
    after = position === STREAM_START ? undefined : position;
  }
  const deals: Deal[] = [];
  let nextCursor: string | null = null;
  while (stream < streams.length) {
    const page = await data.deals.page(streams[stream]!, after, limit - deals.length);
    deals.push(...page.deals.filter((deal) => !owner || deal.brokerId === owner));
    if (page.more && page.deals.length > 0) {
      nextCursor = encodeCursor(String(stream), dealPosition(page.deals.at(-1)!));
      break;
    }
    stream++;
    after = undefined;
    if (deals.length >= limit) {
      nextCursor = stream < streams.length ? encodeCursor(String(stream), STREAM_START) : null;
      break;
    }
  }
  return { csv: pageText(DEAL_CSV_HEADER, deals.map(dealCsvValues), !cursor), rows: deals.length, nextCursor };
}

const LEADS_LISTING = 'leads';

/** GET /exports/leads: newest first (the broker's assigned and naming streams, or every lead). */
export async function exportLeads(
  identity: Identity,
  cursor: string | undefined,
  data: TransfersData,
  limit = EXPORT_PAGE_ROWS,
): Promise<ExportPage> {
  const owner = ownRecordsOf(identity);
  const after = cursor ? decodeListingCursor(cursor, LEADS_LISTING) : undefined;
  const page = await data.leads.page(owner ? { brokerId: owner } : {}, after, limit);
  return {
    csv: pageText(LEAD_CSV_HEADER, page.leads.map(leadCsvValues), !cursor),
    rows: page.leads.length,
    nextCursor: page.lastPosition ? encodeCursor(LEADS_LISTING, page.lastPosition) : null,
  };
}
