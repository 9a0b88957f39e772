/**
 * ADF 1.0 (Auto-lead Data Format, the XML dealer CRMs exchange leads in): read the prospects of a document a
 * dealer's website or CRM sends (the document LeaseDesk sends a dealership is written by ./adf-write.ts). Pure: no I/O.
 *
 * Reading is lenient, because real senders break the DTD (unknown phone types, times such as `T8:47:50`, missing
 * optional parts, names in one `full` part or in `first`/`last`), but safe:
 * - a size limit (ADF_MAX_BYTES) before anything is parsed;
 * - no entity declarations at all (a DOCTYPE with `<!ENTITY` is refused: no billion laughs, no external entities),
 *   and the parser never loads a DTD or anything else (fast-xml-parser reads only the string it is given);
 * - a DOCTYPE may only name `adf` (with an external id, never loaded): an internal subset is refused;
 * - elements nested deeper than ADF_MAX_DEPTH, and names JavaScript reserves (`__proto__`, `constructor`,
 *   `prototype`) are refused before the parser builds anything;
 * - at most ADF_MAX_PROSPECTS prospects (the whole document is stored in one transaction: docs/decisions.md,
 *   "ADF leads"), each field at most its ADF_FIELD_LIMITS length, a year four digits, an amount plain money (so no
 *   number DynamoDB cannot store, or stores rounded, such as 1e308, 1e-200 or 9007199254740993, reaches the table);
 * - a document that is not well-formed XML, has no `<adf>` root or no `<prospect>` is refused with a message
 *   naming what is missing, and so is a prospect with no usable contact (neither an e-mail nor a phone).
 * Every refusal is an AdfError naming the problem (the webhook answers 400 with it); nothing else is thrown.
 *
 * A prospect's `<id source="...">` is its identity at the sender: a resent prospect carries the same id and source,
 * so the caller can refuse to store it twice (`prospectKey`).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { QUOTE_LIMITS, TEXT_LIMITS } from '@shared/constants';

/** ADF documents are a few KB; the limit leaves room for comments and whitespace. */
export const ADF_MAX_BYTES = 256 * 1024;

/**
 * Prospects per document. A document is stored all or nothing in one DynamoDB transaction (at most 100 items); a new
 * lead costs its item, up to 32 search entries, its identity claim and two returning-shopper claims (36), plus the
 * two new-lead counters the document shares: 2 prospects are 74 items, 3 would be 110. Senders send one prospect
 * per document in practice; a sender with more sends more documents.
 */
export const ADF_MAX_PROSPECTS = 2;

/** Element nesting: ADF's deepest path (adf/prospect/customer/contact/address/street) is 6; room for extensions. */
export const ADF_MAX_DEPTH = 20;

/** Field lengths, as the quote wizard's (shared/constants.ts QUOTE_LIMITS) where the quote lead has the field. */
export const ADF_FIELD_LIMITS = {
  'the first name': QUOTE_LIMITS.name,
  'the last name': QUOTE_LIMITS.name,
  'the e-mail': QUOTE_LIMITS.email,
  'the phone': QUOTE_LIMITS.phoneMax,
  'the postal code': QUOTE_LIMITS.zipMax,
  'the vehicle make': QUOTE_LIMITS.vehicleText,
  'the vehicle model': QUOTE_LIMITS.vehicleText,
  'the vehicle trim': QUOTE_LIMITS.vehicleText,
  'the VIN': 17,
  'the stock number': TEXT_LIMITS.stockNumber,
  'the comments': TEXT_LIMITS.clientNotes,
  'the prospect id': 200,
  'the request date': 50,
  'the provider': 200,
} as const;
export type AdfField = keyof typeof ADF_FIELD_LIMITS;

/** A plain amount of money: up to 7 digits before the point, at most 2 after (after `$`, `,` and spaces go). */
const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
const RESERVED_NAMES = ['__proto__', 'constructor', 'prototype'];
const quoted = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}...` : text);

export const ADF_MESSAGES = {
  tooLarge: `The ADF document is larger than ${ADF_MAX_BYTES / 1024} KB`,
  empty: 'The request has no ADF document',
  entities: 'ADF documents may not declare entities',
  notXml: (reason: string) => `The ADF document is not well-formed XML: ${reason}`,
  noAdf: 'The document is not ADF: it has no <adf> element',
  noProspect: 'The ADF document has no <prospect>',
  noContact: (index: number) => `Prospect ${index} has no usable contact: it needs an e-mail or a phone number`,
  noName: (index: number) => `Prospect ${index} has no customer name`,
  doctype: 'The ADF document may only declare <!DOCTYPE adf>, with no internal subset',
  tooDeep: `The ADF document nests elements more than ${ADF_MAX_DEPTH} levels deep`,
  reservedName: (name: string) => `The ADF document uses a name JavaScript reserves: ${name}`,
  tooManyProspects: `An ADF document may hold at most ${ADF_MAX_PROSPECTS} prospects; send the others in another document`,
  tooLong: (index: number, field: AdfField) => `Prospect ${index}: ${field} is longer than ${ADF_FIELD_LIMITS[field]} characters`,
  notYear: (index: number, text: string) => `Prospect ${index}: the vehicle year "${quoted(text)}" is not a year`,
  notAmount: (index: number, type: string, text: string) =>
    `Prospect ${index}: the ${type} amount "${quoted(text)}" is not an amount of money (such as 389.00)`,
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

/**
 * The identity of a prospect sent without an `<id>`: its request date, contact and vehicle, as sent. A retrying
 * sender resends exactly these, so the resend is recognised (the caller adds the owner). Starts with a newline,
 * which no trimmed `source` can, so it never equals a `prospectKey`.
 */
export function prospectFingerprint(prospect: AdfProspect): string {
  const vehicle = prospect.vehicle;
  const vehicleKey = vehicle
    ? (vehicle.vin ?? [vehicle.year ?? '', vehicle.make ?? '', vehicle.model ?? '', vehicle.trim ?? ''].join('/'))
    : '';
  const contact = [prospect.email?.toLowerCase() ?? '', phoneDigits(prospect.phone) ?? ''].join('/');
  return ['\nfingerprint', prospect.requestDate ?? '', contact, vehicleKey.toLowerCase()].join('|');
}

/** A phone's digits, the last 10 of a longer number (a country code written or not); null below 7 digits. */
export function phoneDigits(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length < 7 ? null : digits.slice(-10);
}

/** What a returning shopper is recognised by: their e-mail (lower case) and their phone's digits. */
export function shopperKeys(prospect: Pick<AdfProspect, 'email' | 'phone'>): string[] {
  const digits = phoneDigits(prospect.phone);
  return [...(prospect.email ? [`email|${prospect.email.toLowerCase()}`] : []), ...(digits ? [`phone|${digits}`] : [])];
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
    maxNestedTags: ADF_MAX_DEPTH,
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

function yearOf(value: unknown, index: number): number | null {
  const text = textOf(value);
  if (text === null) return null;
  if (!/^\d{4}$/.test(text)) throw new AdfError(ADF_MESSAGES.notYear(index, text));
  return Number(text);
}

function amountsOf(vehicle: Node | null, index: number): AdfProspect['amounts'] {
  const amounts: AdfProspect['amounts'] = {};
  const finance = asNode(vehicle?.finance);
  for (const amount of list(finance?.amount)) {
    const type = attr(amount, 'type')?.toLowerCase();
    const text = textOf(amount);
    if ((type !== 'monthly' && type !== 'downpayment' && type !== 'total') || text === null) continue;
    const plain = text.replace(/[$,\s]/g, '');
    if (!MONEY.test(plain)) throw new AdfError(ADF_MESSAGES.notAmount(index, type, text));
    amounts[type] = Number(plain);
  }
  return amounts;
}

/** Refuses a field longer than its limit. */
function bounded(index: number, field: AdfField, value: string | null): string | null {
  if (value !== null && value.length > ADF_FIELD_LIMITS[field]) throw new AdfError(ADF_MESSAGES.tooLong(index, field));
  return value;
}

function vehicleOf(prospect: Node): Node | null {
  const vehicles = list(prospect.vehicle);
  return vehicles.find((v) => attr(v, 'interest')?.toLowerCase() !== 'trade-in') ?? vehicles[0] ?? null;
}

function readProspect(prospect: Node, index: number): AdfProspect {
  const field = (name: AdfField, value: string | null) => bounded(index, name, value);
  const customer = asNode(prospect.customer) ?? {};
  const contacts = list(customer.contact);
  const contact = contacts.find((c) => attr(c, 'primarycontact') === '1') ?? contacts[0];
  const name = nameOf(contact);
  const firstName = field('the first name', name.firstName)!;
  const lastName = field('the last name', name.lastName)!;
  const email = field('the e-mail', textOf(contact?.email));
  const phone = field('the phone', phoneOf(contact));
  if (!email && !phone) throw new AdfError(ADF_MESSAGES.noContact(index));
  if (!firstName && !lastName) throw new AdfError(ADF_MESSAGES.noName(index));

  const vehicle = vehicleOf(prospect);
  const idNode = list(prospect.id)[0];
  const id = field('the prospect id', textOf(idNode));
  const source = field('the prospect id', attr(idNode, 'source'));
  const comments = [...list(customer.comments).map(textOf), ...list(vehicle?.comments).map(textOf)].filter(
    (text): text is string => !!text,
  );
  const provider = asNode(prospect.provider);
  const providerContact = list(provider?.contact)[0];
  const address = asNode(contact?.address);
  return {
    externalId: id ? { id, source } : null,
    requestDate: field('the request date', textOf(prospect.requestdate)),
    firstName,
    lastName,
    email,
    phone,
    postalCode: field('the postal code', textOf(address?.postalcode)),
    vehicle: vehicle
      ? {
          interest: attr(vehicle, 'interest'),
          status: attr(vehicle, 'status'),
          year: yearOf(vehicle.year, index),
          make: field('the vehicle make', textOf(vehicle.make)),
          model: field('the vehicle model', textOf(vehicle.model)),
          trim: field('the vehicle trim', textOf(vehicle.trim)),
          vin: field('the VIN', textOf(vehicle.vin)?.toUpperCase() ?? null),
          stock: field('the stock number', textOf(vehicle.stock)),
        }
      : null,
    comments: field('the comments', comments.length ? comments.join('\n') : null),
    amounts: amountsOf(vehicle, index),
    vendorName: field('the provider', textOf(asNode(prospect.vendor)?.vendorname)),
    provider: provider
      ? {
          name: field('the provider', textOf(list(provider.name)[0]) ?? null),
          email: field('the provider', textOf(provider.email) ?? textOf(providerContact?.email)),
          url: field('the provider', textOf(provider.url)),
        }
      : null,
  };
}

/** The DOCTYPE, if any: only `<!DOCTYPE adf>`, optionally with an external id (never loaded), and no internal subset. */
function checkDoctype(xml: string): void {
  const doctype = /<!DOCTYPE/i.exec(xml);
  if (!doctype) return;
  const rest = xml.slice(doctype.index);
  const plain =
    /^<!DOCTYPE\s+adf(\s+(SYSTEM\s+("[^"<>]*"|'[^'<>]*')|PUBLIC\s+("[^"<>]*"|'[^'<>]*')\s+("[^"<>]*"|'[^'<>]*')))?\s*>/i;
  if (!plain.test(rest) || /<!DOCTYPE/i.test(xml.slice(doctype.index + 1))) throw new AdfError(ADF_MESSAGES.doctype);
}

/** A name JavaScript reserves, as an element or an attribute (namespace prefixes included). */
function checkReservedNames(xml: string): void {
  for (const name of RESERVED_NAMES) {
    const asElement = new RegExp(`<\\/?\\s*([\\w.-]+:)?${name}[\\s/>]`);
    const asAttribute = new RegExp(`<[^<>]*\\s([\\w.-]+:)?${name}\\s*=`);
    if (asElement.test(xml) || asAttribute.test(xml)) throw new AdfError(ADF_MESSAGES.reservedName(name));
  }
}

/** Nesting depth, counted on the tags alone (comments, CDATA and declarations left out), so no parser recurses on it. */
function checkDepth(xml: string): void {
  const tags = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[!?][^>]*>|<(\/?)[^\s/>!?][^>]*?(\/?)>/g;
  let depth = 0;
  for (let match = tags.exec(xml); match; match = tags.exec(xml)) {
    if (match[1] === undefined) continue;
    if (match[1] === '/') depth--;
    else if (match[2] !== '/' && ++depth > ADF_MAX_DEPTH) throw new AdfError(ADF_MESSAGES.tooDeep);
  }
}

/**
 * Reads every prospect of an ADF document. Throws AdfError (the caller answers 400 with its message) when the
 * document is too large, declares entities or a DTD subset, nests too deep, uses a reserved name, is not
 * well-formed, is not ADF, holds too many prospects, or a prospect has no usable contact or a field out of bounds.
 */
export function parseAdf(document: string): AdfProspect[] {
  if (Buffer.byteLength(document, 'utf8') > ADF_MAX_BYTES) throw new AdfError(ADF_MESSAGES.tooLarge);
  const xml = document.trim();
  if (xml === '') throw new AdfError(ADF_MESSAGES.empty);
  if (/<!ENTITY/i.test(xml)) throw new AdfError(ADF_MESSAGES.entities);
  checkDoctype(xml);
  checkReservedNames(xml);
  checkDepth(xml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new AdfError(ADF_MESSAGES.notXml(`${valid.err.msg} (line ${valid.err.line})`));
  let parsed: Node;
  try {
    parsed = parser().parse(xml) as Node;
  } catch (error) {
    // Whatever the checks above did not foresee is still the sender's document, not our fault: a 400 naming it.
    throw new AdfError(ADF_MESSAGES.notXml(error instanceof Error ? error.message : String(error)));
  }
  const root = asNode(parsed.adf);
  if (!root) throw new AdfError(ADF_MESSAGES.noAdf);
  const prospects = list(root.prospect);
  if (prospects.length === 0) throw new AdfError(ADF_MESSAGES.noProspect);
  if (prospects.length > ADF_MAX_PROSPECTS) throw new AdfError(ADF_MESSAGES.tooManyProspects);
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
