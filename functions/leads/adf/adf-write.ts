/**
 * The ADF 1.0 document LeaseDesk sends a dealership for a deal ("Send to dealer"; docs/decisions.md, "ADF leads"):
 * one prospect, a lease interest with its monthly and down payment. Pure: no I/O. Reading documents is ./adf.ts.
 */
import { XMLBuilder } from 'fast-xml-parser';

/** What LeaseDesk sends a dealership for a deal ("Send to dealer"). */
export interface AdfLeadOut {
  /** The deal's id, the prospect's id at LeaseDesk. */
  id: string;
  requestDate: string;
  customer: { firstName: string; lastName: string; email: string | null; phone: string | null };
  vehicle: {
    year: number | null;
    make: string | null;
    model: string | null;
    trim: string | null;
    vin: string | null;
    stock: string | null;
  };
  monthlyPayment: number | null;
  downPayment: number | null;
  termMonths: number | null;
  comments: string | null;
  vendorName: string;
  broker: { fullName: string; email: string | null; phone: string | null };
}

/** The source LeaseDesk names in the ids it sends. */
export const ADF_SOURCE = 'LeaseDesk';

const money = (amount: number) => amount.toFixed(2);

/** Writes an ADF 1.0 document with one prospect: a lease interest with its monthly and down payment. */
export function buildAdf(lead: AdfLeadOut): string {
  const optional = <T>(value: T | null, build: (value: T) => unknown) =>
    value === null || value === '' ? undefined : build(value);
  const phone = (value: string | null) => optional(value, (p) => ({ '@type': 'voice', '#text': p }));
  const prospect = {
    '@status': 'new',
    id: { '@sequence': '1', '@source': ADF_SOURCE, '#text': lead.id },
    requestdate: lead.requestDate,
    vehicle: {
      '@interest': 'lease',
      '@status': 'new',
      year: optional(lead.vehicle.year, String),
      make: optional(lead.vehicle.make, String),
      model: optional(lead.vehicle.model, String),
      vin: optional(lead.vehicle.vin, String),
      stock: optional(lead.vehicle.stock, String),
      trim: optional(lead.vehicle.trim, String),
      finance: {
        method: 'lease',
        amount: [
          optional(lead.monthlyPayment, (a) => ({
            '@type': 'monthly',
            '@limit': 'exact',
            '@currency': 'USD',
            '#text': money(a),
          })),
          optional(lead.downPayment, (a) => ({
            '@type': 'downpayment',
            '@limit': 'exact',
            '@currency': 'USD',
            '#text': money(a),
          })),
        ].filter(Boolean),
      },
      comments: optional(lead.termMonths, (term) => `Lease term: ${term} months`),
    },
    customer: {
      contact: {
        name: [
          { '@part': 'first', '#text': lead.customer.firstName },
          { '@part': 'last', '#text': lead.customer.lastName },
        ],
        email: optional(lead.customer.email, String),
        phone: phone(lead.customer.phone),
      },
      comments: optional(lead.comments, String),
    },
    vendor: {
      vendorname: lead.vendorName,
      contact: {
        name: { '@part': 'full', '#text': lead.broker.fullName },
        email: optional(lead.broker.email, String),
        phone: phone(lead.broker.phone),
      },
    },
    provider: { name: { '@part': 'full', '#text': ADF_SOURCE }, service: 'LeaseDesk broker deal' },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    format: true,
    suppressEmptyNode: true,
    processEntities: true,
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n${builder.build({ adf: { prospect } }) as string}`;
}
