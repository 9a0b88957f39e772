/**
 * The brokered-vehicle log's reads (docs/decisions.md, "Brokered-vehicle log"): a page of the lines closed in a range
 * of days, as JSON for the admin's screen or as CSV text for the export. Each page is one Query of the log's index
 * partition (functions/domain/brokered-vehicles/log.ts); the cursor names the range it belongs to, so it cannot be
 * replayed on another range, and its position must lie in the range (DynamoDB refuses a start key outside the key
 * condition with an error that would be our 500).
 */
import { BROKERED_VEHICLES_PAGE_SIZE, type BrokeredVehiclesResponse } from '@shared/brokers/brokered-vehicles-api';
import {
  BROKERED_VEHICLE_CSV_HEADER,
  brokeredVehicleCsvValues,
  type BrokeredVehicleLine,
} from '@shared/brokers/brokered-vehicles';
import { CSV_BOM, csvRow } from '@shared/transfers/csv';
import { EXPORT_PAGE_ROWS, type ExportPage } from '@shared/transfers/api';
import type { BrokeredVehicleItem } from '@functions/domain/brokered-vehicles/entities';
import { rangeBounds, type BrokeredVehicleLog } from '@functions/domain/brokered-vehicles/log';
import { decodeListingCursor, encodeCursor, invalidCursor } from '@functions/lib/http/list-cursor';

export interface LineRange {
  from: string;
  to: string;
  cursor?: string;
}

const rangeListing = ({ from, to }: LineRange) => `brokered-vehicles#${from}#${to}`;

/** Where a page continues: after the cursor's position, which must be a line position inside the range. */
function positionOf(range: LineRange): string | undefined {
  if (!range.cursor) return undefined;
  const position = decodeListingCursor(range.cursor, rangeListing(range));
  const [low, high] = rangeBounds(range.from, range.to);
  const separator = position.lastIndexOf('#');
  if (separator < 1 || separator === position.length - 1 || position < low || position > high) throw invalidCursor();
  return position;
}

export const toLine = (item: BrokeredVehicleItem): BrokeredVehicleLine => ({
  dealId: item.dealId,
  closedAt: item.closedAt,
  clientName: item.clientName ?? null,
  vin: item.vin ?? null,
  vehicle: item.vehicle ?? null,
  dealershipName: item.dealershipName ?? null,
  feeCents: item.feeCents,
  brokerName: item.brokerName ?? null,
});

async function readPage(range: LineRange, log: BrokeredVehicleLog, limit: number) {
  const page = await log.page({ from: range.from, to: range.to, after: positionOf(range), limit });
  return { lines: page.lines.map(toLine), nextCursor: page.next ? encodeCursor(rangeListing(range), page.next) : null };
}

/** GET /admin/brokered-vehicles: a page of the range's lines, oldest closing first. */
export async function brokeredVehiclesPage(
  range: LineRange,
  data: { brokeredVehicles: BrokeredVehicleLog },
  limit = BROKERED_VEHICLES_PAGE_SIZE,
): Promise<BrokeredVehiclesResponse> {
  return readPage(range, data.brokeredVehicles, limit);
}

/** GET /admin/brokered-vehicles/export: a page of the range's CSV; the first starts with the BOM and the header. */
export async function exportBrokeredVehicles(
  range: LineRange,
  data: { brokeredVehicles: BrokeredVehicleLog },
  limit = EXPORT_PAGE_ROWS,
): Promise<ExportPage> {
  const { lines, nextCursor } = await readPage(range, data.brokeredVehicles, limit);
  const rows = lines.map((line) => csvRow(brokeredVehicleCsvValues(line))).join('');
  return {
    csv: (range.cursor ? '' : CSV_BOM + csvRow(BROKERED_VEHICLE_CSV_HEADER)) + rows,
    rows: lines.length,
    nextCursor,
  };
}
