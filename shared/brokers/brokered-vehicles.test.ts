import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../transfers/csv';
import {
  BROKERED_VEHICLE_CSV_HEADER,
  BROKERED_VEHICLE_MESSAGES,
  brokeredVehicleCsvValues,
  daysInRange,
  isCalendarDay,
  rangeProblem,
} from './brokered-vehicles';

describe('a range of closing days', () => {
  it('takes real calendar days only', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('yesterday')).toBe(false);
  });

  it('counts both ends', () => {
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysInRange('2028-01-01', '2028-12-31')).toBe(366);
  });

  it('refuses an end before the start and a range over 366 days, and takes a leap year whole', () => {
    expect(rangeProblem('2026-05-02', '2026-05-01')).toEqual({ field: 'to', message: BROKERED_VEHICLE_MESSAGES.toBeforeFrom });
    expect(rangeProblem('2026-01-01', '2027-01-02')).toEqual({ field: 'to', message: BROKERED_VEHICLE_MESSAGES.rangeTooLong });
    expect(rangeProblem('2028-01-01', '2028-12-31')).toBeNull();
    expect(rangeProblem('2026-05-01', '2026-05-01')).toBeNull();
  });
});

describe('a brokered-vehicle line in CSV', () => {
  it('writes the closing day, the fee in dollars, and a formula-like name as text that reads back the same', () => {
    const line = {
      dealId: 'd1',
      closedAt: '2026-04-02T09:00:00.000Z',
      clientName: '=HYPERLINK("http://evil")',
      vin: '1HGCM82633A004352',
      vehicle: '2026 Toyota RAV4',
      dealershipName: 'Acme, Motors',
      feeCents: 75010,
      brokerName: '@Ann',
    };
    const csv = toCsv(BROKERED_VEHICLE_CSV_HEADER, [brokeredVehicleCsvValues(line)]);
    expect(csv).toContain(
      `2026-04-02,"'=HYPERLINK(""http://evil"")",1HGCM82633A004352,2026 Toyota RAV4,"Acme, Motors",750.10,'@Ann,d1`,
    );
    expect(parseCsv(csv)[1]).toEqual([
      '2026-04-02',
      '=HYPERLINK("http://evil")',
      '1HGCM82633A004352',
      '2026 Toyota RAV4',
      'Acme, Motors',
      '750.10',
      '@Ann',
      'd1',
    ]);
  });
});
