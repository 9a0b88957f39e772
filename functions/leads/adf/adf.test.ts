import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADF_FIELD_LIMITS,
  ADF_MAX_BYTES,
  ADF_MAX_DEPTH,
  ADF_MAX_PROSPECTS,
  ADF_MESSAGES,
  adfInEmailBody,
  parseAdf,
  prospectFingerprint,
  prospectKey,
  shopperKeys,
} from './adf';
import { buildAdf, type AdfLeadOut } from './adf-write';

/** A lead as a dealer website sends it, with the liberties real senders take (time `T8:47:50`, a "cellphone"). */
const WEBSITE_LEAD = `<?xml version="1.0" encoding="UTF-8"?>
<?ADF VERSION "1.0"?>
<!DOCTYPE adf SYSTEM "adf.dtd">
<adf>
  <prospect status="new">
    <id sequence="1" source="DealerSite">WEB-48213</id>
    <requestdate>2026-11-25T8:47:50</requestdate>
    <vehicle interest="lease" status="new">
      <year>2026</year>
      <make>BMW</make>
      <model>X5</model>
      <vin>5ux00000200000001</vin>
      <stock>LD-1001</stock>
      <trim>xDrive40i</trim>
      <comments>Wants it in black</comments>
    </vehicle>
    <vehicle interest="trade-in" status="used">
      <year>2019</year><make>Honda</make><model>Accord</model>
    </vehicle>
    <customer>
      <contact primarycontact="1">
        <name part="first">Dana</name>
        <name part="last">O'Neil &amp; Co</name>
        <email>dana@example.com</email>
        <phone type="cellphone" time="evening">(415) 555-0199</phone>
        <address><postalcode>94107</postalcode></address>
      </contact>
      <comments>Please call after 5pm</comments>
    </customer>
    <vendor><vendorname>Bay Area BMW</vendorname></vendor>
    <provider><name part="full">DealerSite Leads</name><url>https://leads.example.com</url></provider>
  </prospect>
</adf>`;

describe('parseAdf', () => {
  it('reads a website lead leniently: name parts, odd times and phone types, the vehicle of interest, comments', () => {
    const [prospect] = parseAdf(WEBSITE_LEAD);
    expect(prospect).toEqual({
      externalId: { id: 'WEB-48213', source: 'DealerSite' },
      requestDate: '2026-11-25T8:47:50',
      firstName: 'Dana',
      lastName: "O'Neil & Co",
      email: 'dana@example.com',
      phone: '(415) 555-0199',
      postalCode: '94107',
      vehicle: {
        interest: 'lease',
        status: 'new',
        year: 2026,
        make: 'BMW',
        model: 'X5',
        trim: 'xDrive40i',
        vin: '5UX00000200000001',
        stock: 'LD-1001',
      },
      comments: 'Please call after 5pm\nWants it in black',
      amounts: {},
      vendorName: 'Bay Area BMW',
      provider: { name: 'DealerSite Leads', email: null, url: 'https://leads.example.com' },
    });
  });

  it('splits a full name and reads a phone-only prospect with no vehicle', () => {
    const [prospect] = parseAdf(
      '<adf><prospect><customer><contact><name part="full">Mary Ann Smith</name><phone>3035550100</phone></contact></customer></prospect></adf>',
    );
    expect(prospect).toMatchObject({ firstName: 'Mary Ann', lastName: 'Smith', email: null, phone: '3035550100', vehicle: null });
    expect(prospectKey(prospect!)).toBeNull();
  });

  it('reads every prospect of a document, in order', () => {
    const one = (name: string) =>
      `<prospect><id source="crm">${name}</id><customer><contact><name>${name} Doe</name><email>${name}@example.com</email></contact></customer></prospect>`;
    const prospects = parseAdf(`<adf>${one('ann')}${one('bob')}</adf>`);
    expect(prospects.map((p) => p.email)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(prospects.map(prospectKey)).toEqual(['crm|ann', 'crm|bob']);
  });

  it('keys a resent prospect the same whatever the case of its source', () => {
    const doc = (source: string) =>
      `<adf><prospect><id source="${source}">42</id><customer><contact><name>A B</name><email>a@example.com</email></contact></customer></prospect></adf>`;
    expect(prospectKey(parseAdf(doc('DealerSite'))[0]!)).toBe(prospectKey(parseAdf(doc('dealersite'))[0]!));
  });

  it.each([
    ['', ADF_MESSAGES.empty],
    ['<adf><prospect>', ADF_MESSAGES.notXml('')],
    ['<leads><lead/></leads>', ADF_MESSAGES.noAdf],
    ['<adf></adf>', ADF_MESSAGES.noProspect],
    ['<adf><prospect><customer><contact><name>No Way</name></contact></customer></prospect></adf>', ADF_MESSAGES.noContact(1)],
    [
      '<adf><prospect><customer><contact><email>a@example.com</email></contact></customer></prospect></adf>',
      ADF_MESSAGES.noName(1),
    ],
  ])('refuses %j with a message naming what is missing', (document, message) => {
    expect(() => parseAdf(document)).toThrow(message === ADF_MESSAGES.notXml('') ? /not well-formed XML/ : message);
  });

  it('refuses entity declarations: no billion laughs, no external entity', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE adf [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><adf><prospect><customer><contact><name>&lol2;</name><email>a@example.com</email></contact></customer></prospect></adf>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE adf [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><adf><prospect><customer><contact><name>&xxe;</name><email>a@example.com</email></contact></customer></prospect></adf>`;
    expect(() => parseAdf(laughs)).toThrow(ADF_MESSAGES.entities);
    expect(() => parseAdf(xxe)).toThrow(ADF_MESSAGES.entities);
  });

  /** One prospect with `vehicle` inside its vehicle and `contact` inside its contact. */
  const prospectWith = ({ vehicle = '', contact = '', before = '' } = {}) =>
    `${before}<adf><prospect><requestdate>2026-11-25</requestdate><vehicle><make>BMW</make>${vehicle}</vehicle><customer><contact><name>Ann Doe</name><email>ann@example.com</email>${contact}</contact></customer></prospect></adf>`;

  it.each([
    [
      'nesting beyond the limit',
      prospectWith({ vehicle: `${'<x>'.repeat(10_000)}${'</x>'.repeat(10_000)}` }),
      ADF_MESSAGES.tooDeep,
    ],
    [
      'a DOCTYPE with an internal subset',
      prospectWith({ before: '<!DOCTYPE adf [<!ATTLIST adf a CDATA "x">]>' }),
      ADF_MESSAGES.doctype,
    ],
    [
      'a DOCTYPE with an element declaration',
      prospectWith({ before: '<!DOCTYPE adf [<!ELEMENT adf ANY>]>' }),
      ADF_MESSAGES.doctype,
    ],
    ['a DOCTYPE naming another root', prospectWith({ before: '<!DOCTYPE html>' }), ADF_MESSAGES.doctype],
    ['a malformed DOCTYPE', prospectWith({ before: '<!DOCTYPE adf [<!FOO>]>' }), ADF_MESSAGES.doctype],
    ['two DOCTYPEs', prospectWith({ before: '<!DOCTYPE adf><!DOCTYPE adf>' }), ADF_MESSAGES.doctype],
    [
      'a __proto__ element',
      prospectWith({ vehicle: '<__proto__><polluted>1</polluted></__proto__>' }),
      ADF_MESSAGES.reservedName('__proto__'),
    ],
    [
      'a constructor element',
      prospectWith({ contact: '<constructor>1</constructor>' }),
      ADF_MESSAGES.reservedName('constructor'),
    ],
    ['a __proto__ attribute', prospectWith({ vehicle: '<trim __proto__="x">M</trim>' }), ADF_MESSAGES.reservedName('__proto__')],
    ['a year DynamoDB cannot store', prospectWith({ vehicle: '<year>1e308</year>' }), ADF_MESSAGES.notYear(1, '1e308')],
    [
      'an amount too large to store',
      prospectWith({ vehicle: '<finance><amount type="monthly">1e308</amount></finance>' }),
      ADF_MESSAGES.notAmount(1, 'monthly', '1e308'),
    ],
    [
      'an amount too small to store',
      prospectWith({ vehicle: '<finance><amount type="downpayment">1e-200</amount></finance>' }),
      ADF_MESSAGES.notAmount(1, 'downpayment', '1e-200'),
    ],
    [
      'an amount a JavaScript number rounds',
      prospectWith({ vehicle: '<finance><amount type="total">9007199254740993</amount></finance>' }),
      ADF_MESSAGES.notAmount(1, 'total', '9007199254740993'),
    ],
    [
      'a field of hundreds of KB',
      prospectWith({ vehicle: `<model>${'x'.repeat(200_000)}</model>` }),
      ADF_MESSAGES.tooLong(1, 'the vehicle model'),
    ],
    [
      'a name over the quote limit',
      prospectWith().replace('Ann Doe', `Ann ${'d'.repeat(101)}`),
      ADF_MESSAGES.tooLong(1, 'the last name'),
    ],
    [
      'comments over the limit',
      prospectWith({ contact: '' }).replace(
        '</customer>',
        `<comments>${'c'.repeat(ADF_FIELD_LIMITS['the comments'] + 1)}</comments></customer>`,
      ),
      ADF_MESSAGES.tooLong(1, 'the comments'),
    ],
  ])('refuses %s with a message naming it', (_case, document, message) => {
    let thrown: unknown;
    try {
      parseAdf(document);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ name: 'AdfError', message });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads nesting up to the limit, a DOCTYPE naming adf (never loaded), and plain money amounts', () => {
    const nested = `${'<x>'.repeat(ADF_MAX_DEPTH - 3)}${'</x>'.repeat(ADF_MAX_DEPTH - 3)}`;
    const document = prospectWith({
      before: '<!DOCTYPE adf PUBLIC "-//ADF//EN" "http://adf.example/adf.dtd">',
      vehicle: `${nested}<finance><amount type="monthly">$1,289.50</amount></finance>`,
    });
    expect(parseAdf(document)[0]!.amounts).toEqual({ monthly: 1289.5 });
  });

  it(`refuses more than ${ADF_MAX_PROSPECTS} prospects in one document`, () => {
    const one = '<prospect><customer><contact><name>A B</name><email>a@example.com</email></contact></customer></prospect>';
    expect(parseAdf(`<adf>${one.repeat(ADF_MAX_PROSPECTS)}</adf>`)).toHaveLength(ADF_MAX_PROSPECTS);
    expect(() => parseAdf(`<adf>${one.repeat(ADF_MAX_PROSPECTS + 1)}</adf>`)).toThrow(ADF_MESSAGES.tooManyProspects);
  });

  it('fingerprints a prospect without an id by request date, contact and vehicle, and keys a shopper by e-mail and phone', () => {
    const doc = (date: string, email: string, model: string) =>
      `<adf><prospect><requestdate>${date}</requestdate><vehicle><make>BMW</make><model>${model}</model></vehicle><customer><contact><name>A B</name><email>${email}</email><phone>+1 (415) 555-0199</phone></contact></customer></prospect></adf>`;
    const fingerprint = (date: string, email: string, model: string) =>
      prospectFingerprint(parseAdf(doc(date, email, model))[0]!);
    expect(fingerprint('2026-11-25', 'A@example.com', 'X5')).toBe(fingerprint('2026-11-25', 'a@example.com', 'x5'));
    expect(fingerprint('2026-11-25', 'a@example.com', 'X5')).not.toBe(fingerprint('2026-11-26', 'a@example.com', 'X5'));
    expect(fingerprint('2026-11-25', 'a@example.com', 'X5')).not.toBe(fingerprint('2026-11-25', 'b@example.com', 'X5'));
    expect(fingerprint('2026-11-25', 'a@example.com', 'X5')).not.toBe(fingerprint('2026-11-25', 'a@example.com', 'X7'));
    expect(shopperKeys(parseAdf(doc('2026-11-25', 'A@Example.com', 'X5'))[0]!)).toEqual([
      'email|a@example.com',
      'phone|4155550199',
    ]);
  });

  it('refuses a document over the size limit before parsing it', () => {
    const big = `<adf><prospect><customer><comments>${'x'.repeat(ADF_MAX_BYTES)}</comments></customer></prospect></adf>`;
    expect(() => parseAdf(big)).toThrow(ADF_MESSAGES.tooLarge);
  });
});

describe('adfInEmailBody', () => {
  it('finds the document pasted in an e-mail body', () => {
    const body = `Hello,\n\nNew lead below.\n\n${WEBSITE_LEAD}\n\n-- \nSent by DealerSite`;
    expect(adfInEmailBody(body)).toBe(WEBSITE_LEAD);
    expect(parseAdf(adfInEmailBody(body)!)).toHaveLength(1);
  });

  it('is null when the body holds no ADF', () => {
    expect(adfInEmailBody('Just a note, no lead here')).toBeNull();
  });
});

const SAMPLE_OUT: AdfLeadOut = {
  id: '01JDEAL000000000000000000',
  requestDate: '2026-11-25T16:00:00.000Z',
  customer: { firstName: 'Dana', lastName: 'Lee', email: 'dana@example.com', phone: '4155550199' },
  vehicle: { year: 2026, make: 'BMW', model: 'X5', trim: 'xDrive40i', vin: '5UX00000200000001', stock: 'LD-1001' },
  monthlyPayment: 699.99,
  downPayment: 2500,
  termMonths: 36,
  comments: null,
  vendorName: 'Bay Area BMW',
  broker: { fullName: 'Blake Rivera', email: 'blake@leasedesk.com', phone: null },
};

describe('buildAdf', () => {
  it('writes a lease interest with the monthly and down payment as finance amounts', () => {
    const xml = buildAdf(SAMPLE_OUT);
    expect(xml).toContain('<?adf version="1.0"?>');
    expect(xml).toContain('<vehicle interest="lease" status="new">');
    expect(xml).toContain('<amount type="monthly" limit="exact" currency="USD">699.99</amount>');
    expect(xml).toContain('<amount type="downpayment" limit="exact" currency="USD">2500.00</amount>');
    expect(xml).toContain('<vendorname>Bay Area BMW</vendorname>');
  });

  it('reads back, as LeaseDesk parses leads, the lead it sent', () => {
    const [prospect] = parseAdf(buildAdf(SAMPLE_OUT));
    expect(prospect).toMatchObject({
      externalId: { id: SAMPLE_OUT.id, source: 'LeaseDesk' },
      firstName: 'Dana',
      lastName: 'Lee',
      email: 'dana@example.com',
      phone: '4155550199',
      vehicle: {
        interest: 'lease',
        year: 2026,
        make: 'BMW',
        model: 'X5',
        trim: 'xDrive40i',
        vin: '5UX00000200000001',
        stock: 'LD-1001',
      },
      amounts: { monthly: 699.99, downpayment: 2500 },
      comments: 'Lease term: 36 months',
      vendorName: 'Bay Area BMW',
    });
  });

  it('round-trips any names, contacts, vehicle and amounts, markup characters included', () => {
    // Letters, digits, accents and the characters XML must escape.
    const word = fc.string({ unit: fc.constantFrom(...'aZé9<>&"\'-.;#'.split('')), minLength: 1, maxLength: 20 });
    const optionalWord = fc.option(word, { nil: null });
    const cents = fc.integer({ min: 1, max: 10_000_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(
        word,
        word,
        fc.option(fc.emailAddress(), { nil: null }),
        fc.stringMatching(/^\d{10}$/),
        fc.record({ make: optionalWord, model: optionalWord, trim: optionalWord, stock: optionalWord }),
        fc.option(cents, { nil: null }),
        fc.option(cents, { nil: null }),
        (firstName, lastName, email, phone, vehicle, monthlyPayment, downPayment) => {
          const lead: AdfLeadOut = {
            ...SAMPLE_OUT,
            customer: { firstName, lastName, email, phone },
            vehicle: { ...SAMPLE_OUT.vehicle, ...vehicle },
            monthlyPayment,
            downPayment,
          };
          const [prospect] = parseAdf(buildAdf(lead));
          expect(prospect).toMatchObject({ firstName, lastName, email, phone });
          expect(prospect!.vehicle).toMatchObject(vehicle);
          expect(prospect!.amounts).toEqual({
            ...(monthlyPayment === null ? {} : { monthly: monthlyPayment }),
            ...(downPayment === null ? {} : { downpayment: downPayment }),
          });
        },
      ),
    );
  });
});
