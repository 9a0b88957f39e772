import { describe, expect, it } from 'vitest';
import { ADF_CONTENT_TYPE_MESSAGE, ADF_NO_DOCUMENT_IN_EMAIL_MESSAGE } from '@shared/leads/adf-api';
import { BadRequestError } from '@functions/lib/errors';
import { ADF_MAX_BYTES, parseAdf } from './adf/adf';
import { buildAdf, type AdfLeadOut } from './adf/adf-write';
import { adfDocumentOf, leadOfProspect } from './adf-leads';
import { splitName } from './adf-send';

const SENT: AdfLeadOut = {
  id: '01JDEAL000000000000000000',
  requestDate: '2026-11-25T16:00:00.000Z',
  customer: { firstName: 'Jordan Avery', lastName: "O'Neil & Sons", email: 'jordan@example.com', phone: '+14155550123' },
  vehicle: { year: 2026, make: 'Toyota', model: 'RAV4', trim: 'XLE', vin: '1M8GDM9AXKP042788', stock: 'LD-77' },
  monthlyPayment: 311.04,
  downPayment: 1500,
  termMonths: 36,
  comments: null,
  vendorName: 'LeaseDesk',
  broker: { fullName: 'Blake Rivera', email: 'blake@leasedesk.com', phone: null },
};
const NOW = new Date('2026-11-25T18:00:00.000Z');

describe('the round trip: what LeaseDesk sends a dealer, LeaseDesk reads back as the same lead', () => {
  it('gives the lead the deal described: contact, vehicle of interest, payment, provider and prospect id', () => {
    const [prospect] = parseAdf(buildAdf(SENT));
    const lead = leadOfProspect(prospect!, { id: 'lead-1', now: NOW, dealership: { id: 'd1', name: 'Harbor Toyota' } });
    expect(lead).toEqual({
      id: 'lead-1',
      firstName: 'Jordan Avery',
      lastName: "O'Neil & Sons",
      email: 'jordan@example.com',
      phone: '+14155550123',
      zipCode: '',
      vehiclePreference: 'exact',
      exactVehicleYear: 2026,
      exactVehicleMake: 'Toyota',
      exactVehicleModel: 'RAV4',
      exactVehicleTrim: 'XLE',
      exactVehicleVin: '1M8GDM9AXKP042788',
      exactVehicleStock: 'LD-77',
      leaseOrPurchase: 'lease',
      monthlyPaymentBudget: 311.04,
      additionalNotes: 'Lease term: 36 months',
      createdAt: NOW.toISOString(),
      status: 'new',
      source: 'adf',
      adfProvider: 'LeaseDesk',
      adfProspectId: `leasedesk|${SENT.id}`,
      dealershipId: 'd1',
      dealershipName: 'Harbor Toyota',
    });
  });

  it('a phone-only prospect with no vehicle is a "help me choose" lead with no e-mail', () => {
    const [prospect] = parseAdf(
      '<adf><prospect><customer><contact><name part="full">Mary Smith</name><phone>3035550100</phone></contact></customer></prospect></adf>',
    );
    const lead = leadOfProspect(prospect!, { id: 'lead-2', now: NOW, dealership: null });
    expect(lead).toMatchObject({ email: '', phone: '3035550100', vehiclePreference: 'help', source: 'adf' });
    expect(lead).not.toHaveProperty('adfProspectId');
    expect(lead).not.toHaveProperty('dealershipId');
  });
});

describe('adfDocumentOf', () => {
  const xml = buildAdf(SENT);
  const refusal = (body: string, type?: string) => {
    try {
      adfDocumentOf(Buffer.from(body), type);
    } catch (error) {
      expect(error).toBeInstanceOf(BadRequestError);
      return (error as Error).message;
    }
    return null;
  };

  it('takes an XML body as it is and finds the document in an e-mail body', () => {
    expect(adfDocumentOf(Buffer.from(xml), 'application/xml')).toBe(xml);
    expect(adfDocumentOf(Buffer.from(xml), 'text/xml; charset=UTF-8')).toBe(xml);
    expect(adfDocumentOf(Buffer.from(`Hi,\n\n${xml}\n\nThanks`), 'text/plain')).toBe(xml.trim());
  });

  it('refuses other media types, an e-mail with no document and an oversized body', () => {
    expect(refusal(xml, 'application/json')).toBe(ADF_CONTENT_TYPE_MESSAGE);
    expect(refusal('no lead here', 'text/plain')).toBe(ADF_NO_DOCUMENT_IN_EMAIL_MESSAGE);
    expect(refusal('x'.repeat(ADF_MAX_BYTES + 1), 'application/xml')).toMatch(/larger than/);
  });
});

describe('splitName', () => {
  it('keeps the last word as the last name', () => {
    expect(splitName('Mary Ann Smith')).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
    expect(splitName('  Cher ')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});
