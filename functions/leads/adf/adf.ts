/**
 * ADF 1.0 (Auto-lead Data Format, the XML dealer CRMs exchange leads in): read the prospects of a document a
 * dealer's website or CRM sends, and write the document LeaseDesk sends a dealership for a deal. Pure: no I/O.
 *
 * Reading is lenient, because real senders break the DTD (unknown phone types, times such as `T8:47:50`, missing
 * optional parts, names in one `full` part or in `first`/`last`), but safe:
 * - a size limit (ADF_MAX_BYTES) before anything is parsed;
 * - no entity declarations at all (a DOCTYPE with `<!ENTITY` is refused: no billion laughs, no external entities),
 *   and the parser never loads a DTD or anything else (fast-xml-parser reads only the string it is given);
 * - a document that is not well-formed XML, has no `<adf>` root or no `<prospect>` is refused with a message
 *   naming what is missing, and so is a prospect with no usable contact (neither an e-mail nor a phone).
 *
 * A prospect's `<id source="...">` is its identity at the sender: a resent prospect carries the same id and source,
 * so the caller can refuse to store it twice (`prospectKey`).
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/** ADF documents are a few KB; the limit leaves room for comments and many prospects. */
export const ADF_MAX_BYTES = 256 * 1024;

export const ADF_MESSAGES = {
  tooLarge: `The ADF document is larger than ${ADF_MAX_BYTES / 1024} KB`,
  empty: 'The request has no ADF document',
  entities: 'ADF documents may not declare entities',
  notXml: (reason: string) => `The ADF document is not well-formed XML: ${reason}`,
  noAdf: 'The document is not ADF: it has no <adf> element',
  noProspect: 'The ADF document has no <prospect>',
  noContact: (index: number) => `Prospect ${index} has no usable contact: it needs an e-mail or a phone number`,
  noName: (index: number) => `Prospect ${index} has no customer name`,
} as const;

export class AdfError extends Error {
  override readonly name = 'AdfError';
}

export interface AdfVehicle {
  interest: string | null;
  status: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  vin: string | null;
  stock: string | null;
}

export interface AdfProspect {
  /** The sender's id of the prospect and its `source` attribute, when given. */
  externalId: { id: string; source: string | null } | null;
  /** As sent (lenient: not necessarily ISO 8601). */
  requestDate: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  postalCode: string | null;
  vehicle: AdfVehicle | null;
  /** The customer's and the vehicle's comments, joined. */
  comments: string | null;
  /** `finance/amount` by type (monthly, downpayment, total), when given. */
  amounts: Partial<Record<'monthly' | 'downpayment' | 'total', number>>;
  vendorName: string | null;
  provider: { name: string | null; email: string | null; url: string | null } | null;
}

/** The identity of a resent prospect: its id and source (null when the sender gave no id). */
export function prospectKey(prospect: AdfProspect): string | null {
  if (!prospect.externalId) return null;
  return `${(prospect.externalId.source ?? '').trim().toLowerCase()}|${prospect.externalId.id.trim()}`;
}

/** Elements that may repeat; everything else is read as one (the first, when a sender repeats it anyway). */
const REPEATED = new Set(['prospect', 'vehicle', 'contact', 'name', 'email', 'phone', 'amount', 'comments', 'id']);

function parser() {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    htmlEntities: false,
    processEntities: true,
    removeNSPrefix: true,
    isArray: (tagName) => REPEATED.has(tagName.toLowerCase()),
    transformTagName: (tagName) => tagName.toLowerCase(),
    transformAttributeName: (name) => name.toLowerCase(),
  });
}

type Node = Record<string, unknown>;

function asNode(value: unknown): Node | null {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Node;
  if (typeof value === 'string' || typeof value === 'number') return { '#text': String(value) };
  return null;
}

function list(value: unknown): Node[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.map(asNode).filter((node): node is Node => node !== null);
}

function textOf(value: unknown): string | null {
  const node = Array.isArray(value) ? asNode(value[0]) : asNode(value);
  const text = node?.['#text'];
  const trimmed = typeof text === 'string' || typeof text === 'number' ? String(text).trim() : '';
  return trimmed === '' ? null : trimmed;
}

function attr(node: Node | null | undefined, name: string): string | null {
  const value = node?.[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A name from `<name part="first|last|full">` parts (a lone untyped part is the full name). */
function nameOf(contact: Node | undefined): { firstName: string; lastName: string } {
  const parts = list(contact?.name);
  const part = (kind: string) => textOf(parts.find((p) => attr(p, 'part')?.toLowerCase() === kind) ?? null);
  let firstName = part('first') ?? '';
  let lastName = part('last') ?? '';
  if (!firstName && !lastName) {
    const full = part('full') ?? textOf(parts.find((p) => !attr(p, 'part')) ?? null) ?? '';
    const words = full.split(/\s+/).filter(Boolean);
    firstName = words.slice(0, -1).join(' ') || (words[0] ?? '');
    lastName = words.length > 1 ? words[words.length - 1]! : '';
  }
  return { firstName, lastName };
}

/** The first phone, preferring a voice or cell number (unknown types are read as phones too). */
function phoneOf(contact: Node | undefined): string | null {
  const phones = list(contact?.phone);
  const rank = (p: Node) =>
    ['voice', 'cellphone', 'cell', 'mobile'].includes(attr(p, 'type')?.toLowerCase() ?? 'voice') ? 0 : 1;
  const best = [...phones].sort((a, b) => rank(a) - rank(b)).find((p) => textOf(p));
  return best ? textOf(best) : null;
}

function yearOf(value: unknown): number | null {
  const text = textOf(value);
  const year = text && /^\d{4}$/.test(text) ? Number(text) : NaN;
  return Number.isFinite(year) ? year : null;
}

function amountsOf(vehicle: Node | null): AdfProspect['amounts'] {
  const amounts: AdfProspect['amounts'] = {};
  const finance = asNode(vehicle?.finance);
  for (const amount of list(finance?.amount)) {
    const type = attr(amount, 'type')?.toLowerCase();
    const value = Number((textOf(amount) ?? '').replace(/[$,\s]/g, ''));
    if ((type === 'monthly' || type === 'downpayment' || type === 'total') && Number.isFinite(value)) amounts[type] = value;
  }
  return amounts;
}

function vehicleOf(prospect: Node): Node | null {
  const vehicles = list(prospect.vehicle);
  return vehicles.find((v) => attr(v, 'interest')?.toLowerCase() !== 'trade-in') ?? vehicles[0] ?? null;
}

function readProspect(prospect: Node, index: number): AdfProspect {
  const customer = asNode(prospect.customer) ?? {};
  const contacts = list(customer.contact);
  const contact = contacts.find((c) => attr(c, 'primarycontact') === '1') ?? contacts[0];
  const { firstName, lastName } = nameOf(contact);
  const email = textOf(contact?.email);
  const phone = phoneOf(contact);
  if (!email && !phone) throw new AdfError(ADF_MESSAGES.noContact(index));
  if (!firstName && !lastName) throw new AdfError(ADF_MESSAGES.noName(index));

  const vehicle = vehicleOf(prospect);
  const idNode = list(prospect.id)[0];
  const id = textOf(idNode);
  const comments = [...list(customer.comments).map(textOf), ...list(vehicle?.comments).map(textOf)].filter(
    (text): text is string => !!text,
  );
  const provider = asNode(prospect.provider);
  const providerContact = list(provider?.contact)[0];
  const address = asNode(contact?.address);
  return {
    externalId: id ? { id, source: attr(idNode, 'source') } : null,
    requestDate: textOf(prospect.requestdate),
    firstName,
    lastName,
    email,
    phone,
    postalCode: textOf(address?.postalcode),
    vehicle: vehicle
      ? {
          interest: attr(vehicle, 'interest'),
          status: attr(vehicle, 'status'),
          year: yearOf(vehicle.year),
          make: textOf(vehicle.make),
          model: textOf(vehicle.model),
          trim: textOf(vehicle.trim),
          vin: textOf(vehicle.vin)?.toUpperCase() ?? null,
          stock: textOf(vehicle.stock),
        }
      : null,
    comments: comments.length ? comments.join('\n') : null,
    amounts: amountsOf(vehicle),
    vendorName: textOf(asNode(prospect.vendor)?.vendorname),
    provider: provider
      ? {
          name: textOf(list(provider.name)[0]) ?? null,
          email: textOf(provider.email) ?? textOf(providerContact?.email),
          url: textOf(provider.url),
        }
      : null,
  };
}

/**
 * Reads every prospect of an ADF document. Throws AdfError (the caller answers 400 with its message) when the
 * document is too large, declares entities, is not well-formed, is not ADF, or a prospect has no usable contact.
 */
export function parseAdf(document: string): AdfProspect[] {
  if (Buffer.byteLength(document, 'utf8') > ADF_MAX_BYTES) throw new AdfError(ADF_MESSAGES.tooLarge);
  const xml = document.trim();
  if (xml === '') throw new AdfError(ADF_MESSAGES.empty);
  if (/<!ENTITY/i.test(xml)) throw new AdfError(ADF_MESSAGES.entities);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new AdfError(ADF_MESSAGES.notXml(`${valid.err.msg} (line ${valid.err.line})`));
  const root = asNode((parser().parse(xml) as Node).adf);
  if (!root) throw new AdfError(ADF_MESSAGES.noAdf);
  const prospects = list(root.prospect);
  if (prospects.length === 0) throw new AdfError(ADF_MESSAGES.noProspect);
  return prospects.map((prospect, index) => readProspect(prospect, index + 1));
}

/**
 * The ADF document inside an e-mail body (a lead e-mailed as text): from `<?xml` or `<?adf` or `<adf` to the
 * closing `</adf>`; null when the body holds none.
 */
export function adfInEmailBody(body: string): string | null {
  const start = body.search(/<\?xml|<\?adf|<adf[\s>]/i);
  const end = body.toLowerCase().lastIndexOf('</adf>');
  if (start < 0 || end < start) return null;
  return body.slice(start, end + '</adf>'.length);
}

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
