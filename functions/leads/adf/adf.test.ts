import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADF_MAX_BYTES, ADF_MESSAGES, adfInEmailBody, buildAdf, parseAdf, prospectKey, type AdfLeadOut } from './adf';

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
