/**
 * Valid inputs of the routes that take input, for the hostile-input suite: it sends them as they are and mutated by
 * one field, so that generated requests also reach a route's code behind its schema (a valid but unusual e-mail
 * reaching Cognito, a valid id that does not exist reaching the table). Optional: a route without an entry is still
 * fuzzed with hostile input against its own schemas; give one when a route takes a body, a query or an id.
 * Whether a generated input is valid is always decided by the route's schemas, never by this file.
 */
import fc from 'fast-check';
import { MAX_UPLOAD_BYTES } from '@shared/constants';
import type { ValidInput } from '@test/support/hostile-input';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC date `days` after today, YYYY-MM-DD (date rules are judged at the request's time: read the clock per sample). */
const daysFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** E-mail addresses the shared schema accepts, up to its 254-character limit (Cognito usernames stop at 128). */
const email = fc.oneof(
  fc.emailAddress(),
  fc.integer({ min: 1, max: 240 }).map((length) => `${'a'.repeat(length)}@leasedesk.com`),
  fc.constantFrom('ANN@LEASEDESK.COM', ' ann@leasedesk.com ', 'ann+tag@leasedesk.com', 'o’brien@example.com'),
);

const licenceFile = fc.constantFrom(
  { fileName: 'licence.pdf', contentType: 'application/pdf' },
  { fileName: 'Scan.PNG', contentType: 'image/png' },
  { fileName: '../../licence.jpg', contentType: 'image/jpeg' },
  { fileName: 'licence.jpeg', contentType: 'IMAGE/JPEG' },
);

/** Proposal tokens that name no proposal: malformed, or well formed and unknown. */
const proposalToken = fc.oneof(
  fc.constantFrom('nosuchtoken', 'AAAAAAAAAAAAAAAAAAAAAA', 'a'.repeat(128)),
  fc.uint8Array({ minLength: 16, maxLength: 16 }).map((bytes) => Buffer.from(bytes).toString('base64url')),
);

/** The admin's dealership dialog, with every optional field set or blank. */
const dealershipBody = fc.record({
  name: fc.string({ minLength: 1, maxLength: 100 }),
  location: fc.string({ minLength: 1, maxLength: 200 }),
  contactName: fc.string({ maxLength: 100 }),
  contactEmail: fc.oneof(fc.constant(''), fc.emailAddress()),
  contactPhone: fc.constantFrom('', '+13035550100', '3035550100'),
  leadEmail: fc.oneof(fc.constant(''), fc.emailAddress()),
  website: fc.constantFrom('', 'https://dealer.example.com', 'http://xn--bcher-kva.example/path?q=1'),
  responseTimeHours: fc.oneof(
    fc.constant(''),
    fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10),
  ),
  successRate: fc.oneof(
    fc.constant(''),
    fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100),
  ),
  notes: fc.string({ maxLength: 2000 }),
});

/** The admin's academy content form: drafts of each type, with every optional field set or blank. */
const academyContentBody = fc.oneof(
  fc.record({
    title: fc.string({ minLength: 1, maxLength: 200 }).filter((title) => title.trim() !== ''),
    description: fc.string({ maxLength: 1000 }),
    category: fc.constantFrom('Fuzzing', 'Fuzz & Test', "Dealers' Desk"),
    contentType: fc.constant('article'),
    content: fc.string({ minLength: 1, maxLength: 2000 }).filter((content) => content.trim() !== ''),
    durationMinutes: fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 600 })),
    isPublished: fc.constant(false),
  }),
  fc.record({
    title: fc.constantFrom('Fuzz video', 'Ünïcode ☃ video'),
    category: fc.constant('Fuzzing'),
    contentType: fc.constant('video'),
    videoUrl: fc.constantFrom('https://www.youtube-nocookie.com/embed/placeholder', 'https://player.vimeo.com/video/1'),
    isPublished: fc.constant(false),
  }),
  fc.record({
    title: fc.constant('Fuzz test'),
    category: fc.constant('Fuzzing'),
    contentType: fc.constant('test'),
    content: fc.constant(JSON.stringify({ questions: [{ prompt: 'Two plus two?', choices: ['3', '4'], answer: 1 }] })),
    orderIndex: fc.integer({ min: 0, max: 999_999 }),
    isPublished: fc.constant(false),
  }),
);

/** A marketplace vehicle the add form accepts; unique stock numbers, so valid samples are created, not refused 409. */
const marketplaceVehicle = fc
  .record({
    stockNumber: fc.uuid().map((id) => `FZ-${id.slice(0, 18)}`),
    year: fc.integer({ min: 1900, max: 2100 }),
    make: fc.constantFrom('Toyota', 'BMW', 'Mercedes-Benz', 'Škoda'),
    model: fc.constantFrom('RAV4', 'X5', 'GLC 300', 'Octavia'),
    monthlyPayment: fc.integer({ min: 1, max: 100_000 }),
    termMonths: fc.integer({ min: 1, max: 84 }),
    availableStock: fc.integer({ min: 1, max: 20 }),
    // Added live: today to just under 2 years ahead (shared/marketplace/vehicle-offer.ts), from the clock of the run.
    expirationDate: fc.integer({ min: 0, max: 729 }).map(daysFromToday),
    incentives: fc.subarray(['costco', 'military', 'student']),
  })
  .map((body) => ({ body }));

/** The deal forms' required fields, with a few optional ones set or blank. */
const dealTerms = fc.record({
  year: fc.integer({ min: 1900, max: 2027 }),
  make: fc.constantFrom('Toyota', 'BMW', 'Mercedes-Benz'),
  model: fc.constantFrom('RAV4', 'X5', 'GLC 300'),
  trim: fc.constantFrom('', 'XLE'),
  dealType: fc.constantFrom('cash', 'finance', 'lease'),
  monthlyPayment: fc.integer({ min: 1, max: 100_000 }),
  downPayment: fc.integer({ min: 0, max: 1_000_000 }),
  termMonths: fc.integer({ min: 1, max: 84 }),
  mileageAllowance: fc.integer({ min: 1, max: 100_000 }),
  apr: fc.integer({ min: 0, max: 50 }),
  moneyFactor: fc.constantFrom('', 0.00125),
  incentives: fc.subarray(['AAA', 'Military', 'Costco']),
  brokerFeeDealer: fc.constantFrom('', 0, 500),
  notes: fc.string({ maxLength: 200 }),
});

/** A client the clients page form accepts; unique e-mails, so valid samples are created rather than refused 409. */
const clientBody = fc.record({
  fullName: fc.constantFrom('Ann Lee', 'José Álvarez', "O'Brien-Smith", 'Zoë O’Neil'),
  email: fc.uuid().map((id) => `fuzz-${id}@example.com`),
  phone: fc.constantFrom('', '+13035550100', '3035550100'),
  address: fc.string({ maxLength: 500 }),
  creditScore: fc.oneof(fc.constant(''), fc.integer({ min: 300, max: 850 })),
  dateOfBirth: fc.constantFrom('', '1980-02-29', '2001-12-31'),
  preferredMakes: fc.oneof(fc.constantFrom('', 'Toyota, Honda ,, BMW'), fc.constant(['Škoda'])),
  notes: fc.string({ maxLength: 2000 }),
});

/**
 * A quote request the intake accepts, on either branch, with up to three trade-ins (one owed on). Each sample has
 * its own idempotency key, so valid samples store a lead rather than answer an earlier one's id.
 */
const quoteRequestBody = fc
  .record({
    vehicle: fc.oneof(
      fc.record({
        vehiclePreference: fc.constant('exact'),
        exactYear: fc.constantFrom(2024, 2025, 2026, ''),
        exactMake: fc.constantFrom('Toyota', 'Mercedes-Benz', 'Other'),
        exactModel: fc.constantFrom('RAV4', 'GLC 300', 'Škoda Octavia'),
        exactTrim: fc.constantFrom('', 'XLE'),
        mustHaveOptions: fc.string({ maxLength: 200 }),
      }),
      fc.record({
        vehiclePreference: fc.constant('help'),
        bodyStyle: fc.constantFrom('SUV', 'Truck', 'Sedan', 'Coupe', 'Other'),
        truckConfiguration: fc.constantFrom('', '2 Door', '4 Door'),
        mustHaveFeatures: fc.subarray(['4x4/AWD', 'Towing package', 'Best possible deal (price-focused)']),
      }),
    ),
    tradeIns: fc.array(
      fc.record({
        year: fc.integer({ min: 1990, max: 2025 }),
        make: fc.constantFrom('Honda', 'Ford'),
        model: fc.constantFrom('Civic', 'F-150'),
        mileage: fc.integer({ min: 0, max: 300_000 }),
        condition: fc.integer({ min: 1, max: 5 }),
        hasLienholder: fc.boolean(),
        lienholderName: fc.constant('Chase Auto'),
        payoffBalance: fc.integer({ min: 0, max: 60_000 }),
      }),
      { maxLength: 3 },
    ),
    purchaseTimeframe: fc.constantFrom('', 'this-week', 'researching'),
    creditScoreRange: fc.constantFrom('', '750+', 'not-sure'),
    monthlyPaymentBudget: fc.constantFrom('', 0, 650),
    currentlyLeasing: fc.boolean(),
    firstName: fc.constantFrom('Ann', 'José', 'Zoë'),
    lastName: fc.constantFrom('Lee', "O'Brien-Smith"),
    email,
    phone: fc.constantFrom('4155552671', '+1 (415) 555-2671'),
    zipCode: fc.constantFrom('94107', '94107-1234'),
    preferredContactMethod: fc.constantFrom('', 'text', 'call', 'email'),
    idempotencyKey: fc.uuid({ version: 4 }),
  })
  .map(({ vehicle, tradeIns, currentlyLeasing, ...rest }) => ({
    body: {
      ...vehicle,
      ...rest,
      hasTradeIn: tradeIns.length > 0,
      tradeIns,
      currentlyLeasing,
      currentLeaseBrand: currentlyLeasing ? 'BMW' : '',
    },
  }));

/** `?month=` of the current UTC month or one up to 40 months before it. */
function pastMonthQuery() {
  return fc.integer({ min: 0, max: 40 }).map((back) => {
    const date = new Date();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() - back);
    return { query: { month: date.toISOString().slice(0, 7) } };
  });
}

/** A lease the calculator prices, with the optional parts (fees, deposits, one-pay, zero drive-off, mileage) on or off. */
const leaseBody = fc
  .record(
    {
      msrp: fc.integer({ min: 1_500_000, max: 15_000_000 }).map((cents) => cents / 100),
      sellingPrice: fc.integer({ min: 1_400_000, max: 14_000_000 }).map((cents) => cents / 100),
      residualPercent: fc.integer({ min: 30, max: 80 }),
      moneyFactor: fc.integer({ min: 0, max: 1_000 }).map((hundredThousandths) => hundredThousandths / 100_000),
      termMonths: fc.constantFrom(24, 36, 39, 48),
      capitalizedFees: fc.integer({ min: 0, max: 300_000 }).map((cents) => cents / 100),
      upfrontFees: fc.integer({ min: 0, max: 150_000 }).map((cents) => cents / 100),
      rebates: fc.integer({ min: 0, max: 200_000 }).map((cents) => cents / 100),
      tradeEquity: fc.integer({ min: -300_000, max: 300_000 }).map((cents) => cents / 100),
      taxRatePercent: fc.integer({ min: 0, max: 12_000 }).map((thousandths) => thousandths / 1_000),
      taxMethod: fc.constantFrom('monthly', 'upfront-total', 'upfront-price'),
      fees: fc.array(
        fc.record({
          name: fc.constantFrom('Acquisition', 'Doc fee', 'Registration'),
          amount: fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100),
          capitalized: fc.boolean(),
          taxable: fc.boolean(),
        }),
        { maxLength: 4 },
      ),
      securityDeposits: fc.oneof(
        fc.record({
          count: fc.integer({ min: 0, max: 10 }),
          amountEach: fc.constantFrom(300, 500),
          moneyFactorReductionEach: fc.constant(0.00007),
        }),
        // A program's rule: the payment rounded up, never below the floor.
        fc.record({
          count: fc.integer({ min: 0, max: 10 }),
          moneyFactorReductionEach: fc.constantFrom(0.00004, 0.00008),
          roundUpTo: fc.constantFrom(25, 50),
          moneyFactorFloor: fc.constant(0.00004),
        }),
      ),
      zeroDriveOff: fc.boolean(),
      onePay: fc.boolean(),
      milesPerYear: fc.constantFrom(7_500, 10_000, 12_000, 15_000),
      residualAdjustmentPer1000Miles: fc.constantFrom(0, 0.5, 1),
    },
    { requiredKeys: ['msrp', 'sellingPrice', 'residualPercent', 'moneyFactor', 'termMonths'] },
  )
  // Deposits are paid at signing, so a zero drive-off lease has none, and a one-pay lease (paid at signing) is
  // neither zero drive-off nor secured by deposits.
  .map(({ securityDeposits, onePay, ...body }) => ({
    body: onePay ? { ...body, onePay, zeroDriveOff: false } : body.zeroDriveOff ? body : { ...body, securityDeposits },
  }));

export const VALID_INPUTS: Record<string, fc.Arbitrary<ValidInput>> = {
  'POST /lease/calculate': leaseBody,
  'GET /deals': fc
    .record({
      status: fc.constantFrom('all', 'available', 'pending', 'active', 'closed'),
      make: fc.constantFrom('', 'Toyota', 'bmw'),
      q: fc.constantFrom('', 'rav', 'toyota rav4', 'Škoda oct', 'ann'),
      limit: fc.integer({ min: 1, max: 60 }).map(String),
    })
    .map((query) => ({ query })),
  'GET /clients': fc
    .record({
      q: fc.oneof(fc.constant(''), fc.string({ maxLength: 100 }), fc.constantFrom('ann', 'example.com', '303555', 'Ünïcode ☃')),
      limit: fc.integer({ min: 1, max: 100 }).map(String),
    })
    .map((query) => ({ query })),
  'GET /clients/{id}': fc.constant({ params: { id: '01NOSUCHCLIENT' } }),
  'GET /search': fc
    .record({
      q: fc.oneof(
        fc.string({ minLength: 1, maxLength: 100 }).filter((q) => q.trim().length > 0),
        fc.constantFrom('ann', 'toyota rav4', '(555) 010-2030', '1HGCM82633A004352', 'STK-1234', 'Škoda oct', 'a'),
      ),
    })
    .map((query) => ({ query })),
  'POST /quote-requests': quoteRequestBody,
  'POST /clients': clientBody.map((body) => ({ body })),
  'PATCH /clients/{id}': clientBody.map((body) => ({ params: { id: '01NOSUCHCLIENT' }, body })),
  'DELETE /clients/{id}': fc.constant({ params: { id: '01NOSUCHCLIENT' } }),
  'GET /clients/{id}/deals': fc.constant({ params: { id: '01NOSUCHCLIENT' } }),
  'GET /clients/{id}/activity': fc.constant({ params: { id: '01NOSUCHCLIENT' } }),
  // The default book only: a valid switch to own book would change what later requests of the run may see.
  'PUT /admin/settings': fc.constant({ body: { ownBook: false } }),
  'GET /marketplace/vehicles': fc
    .record({
      tab: fc.constantFrom('active', 'archived'),
      make: fc.constantFrom('', 'Toyota', 'bmw'),
      q: fc.constantFrom('', 'rav', '2026 toyota', 'Škoda oct'),
      limit: fc.integer({ min: 1, max: 60 }).map(String),
    })
    .map((query) => ({ query })),
  'GET /marketplace/vehicles/{id}': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'POST /marketplace/vehicles': marketplaceVehicle,
  'PATCH /marketplace/vehicles/{id}': fc.constant({
    params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' },
    body: { isArchived: true, notes: 'Fresh arrival' },
  }),
  'GET /marketplace/stock-numbers/{stockNumber}': fc
    .constantFrom('A-102', 'zz 9', 'PRINCIPAL-X')
    .map((stockNumber) => ({ params: { stockNumber } })),
  'POST /marketplace/vehicles/{id}/views': fc.constant({
    params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' },
    body: { sessionId: 'fuzz-session-0001' },
  }),
  'POST /marketplace/images': fc
    .record({
      file: fc.constantFrom(
        { fileName: 'car.jpg', contentType: 'image/jpeg' },
        { fileName: 'Car.WEBP', contentType: 'image/webp' },
        { fileName: 'car.gif', contentType: 'image/gif' },
      ),
      size: fc.integer({ min: 1, max: MAX_UPLOAD_BYTES }),
    })
    .map(({ file, size }) => ({ body: { ...file, size } })),
  'POST /auth/signup-licence': fc
    .record({
      email,
      userSub: fc.oneof(fc.uuid(), fc.constantFrom('x', 'a'.repeat(128))),
      file: licenceFile,
      size: fc.integer({ min: 1, max: MAX_UPLOAD_BYTES }),
    })
    .map(({ email: address, userSub, file, size }) => ({ body: { email: address, userSub, ...file, size } })),
  'GET /dealerships': fc
    .record({
      search: fc.oneof(fc.constant(''), fc.string({ maxLength: 100 }), fc.constantFrom('motors', 'CA', 'Ünïcode ☃')),
      limit: fc.integer({ min: 1, max: 100 }).map(String),
    })
    .map((query) => ({ query })),
  'POST /dealerships': dealershipBody.map((body) => ({ body })),
  'PATCH /dealerships/{id}': dealershipBody.map((body) => ({ params: { id: '01NOSUCHDEALERSHIP' }, body })),
  'POST /dealerships/{id}/dealers': fc
    .record({ name: fc.string({ minLength: 1, maxLength: 100 }), email, licenseNumber: fc.string({ maxLength: 50 }) })
    // A dealership that does not exist: the generated login is refused before any account is created.
    .map((body) => ({ params: { id: '01NOSUCHDEALERSHIP' }, body })),
  // Deals that do not exist, clients and dealerships that do not: every valid request reaches the table and is
  // answered 4xx, never a 500, and nothing is created or changed.
  'POST /deals': fc
    .record({ terms: dealTerms, status: fc.constantFrom('available', 'pending', 'active', 'closed') })
    .map(({ terms, status }) => ({
      body: { ...terms, status, clientId: '01NOSUCHCLIENT', dealershipId: '01NOSUCHDEALERSHIP' },
    })),
  'GET /deals/{id}': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'PATCH /deals/{id}': fc
    .record({ terms: dealTerms, revision: fc.nat(5) })
    .map(({ terms, revision }) => ({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' }, body: { ...terms, revision } })),
  'DELETE /deals/{id}': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'POST /deals/{id}/credit-application-link': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'GET /archived-deals': fc.integer({ min: 1, max: 100 }).map((limit) => ({ query: { limit: String(limit) } })),
  'GET /maturing-deals': fc.integer({ min: 1, max: 100 }).map((limit) => ({ query: { limit: String(limit) } })),
  // Consumers: a client that does not exist (nothing is sent), tokens that name no invitation (nothing is created),
  // a deal that is not the consumer's (no referral is stored or e-mailed).
  // The channel only: invitations go to the contact details on file (an e-mail or phone in the body is a 400).
  'POST /clients/{id}/invitations': fc
    .record({ invitationType: fc.constantFrom('email', 'sms'), email: fc.constantFrom(undefined, null, '') })
    .map((body) => ({ params: { id: '01NOSUCHCLIENT' }, body })),
  'GET /invitations/{token}': fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/).map((token) => ({ params: { token } })),
  'POST /invitations/{token}/accept': fc
    .record({
      token: fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      fullName: fc.constantFrom('', 'Casey Jordan', 'Zoë O’Neil'),
      // The account is the invited e-mail: the page sends none; an older page's must be the invited one.
      email: fc.constantFrom(undefined, 'new.consumer@example.com', 'ANN@EXAMPLE.COM', ' o’brien@example.com '),
      password: fc.constantFrom('Str0ng!Passw0rd', 'Aa1!Aa1!Aa1!Aa1!', 'Ünïcode-Pässw0rd'),
      // An SMS invitation's e-mailed code, as typed (spaces dropped).
      emailCode: fc.constantFrom(undefined, '012345', ' 987 654 '),
    })
    .map(({ token, emailCode, ...body }) => ({
      params: { token },
      body: emailCode === undefined ? body : { ...body, emailCode },
    })),
  // No body: the code goes to the address on the invitation, never one from the request.
  'POST /invitations/{token}/email-code': fc.stringMatching(/^[A-Za-z0-9_-]{22}$/).map((token) => ({ params: { token } })),
  'POST /referrals': fc
    .record({
      fullName: fc.constantFrom('Dana Friend', 'José Álvarez', "O'Brien-Smith"),
      email: fc.emailAddress(),
      dealId: fc.constantFrom('01NOSUCHDEAL', '01JZZZZZZZZZZZZZZZZZZZZZZZ'),
    })
    .map((body) => ({ body })),
  // Brokers: ids that do not exist (the admin routes answer 404 and change nothing); the caller's own profile
  // routes with valid files (a presigned upload is only a signature; a confirm finds no object: 400).
  'GET /admin/broker-stats': pastMonthQuery(),
  'GET /admin/brokers': fc.oneof(fc.constant({}), pastMonthQuery()),
  'GET /admin/brokers/{id}': fc.constant({ params: { id: '01NOSUCHBROKER' } }),
  'PATCH /admin/brokers/{id}': fc
    .record({
      isApproved: fc.boolean(),
      isLicensed: fc.boolean(),
      commissionType: fc.constantFrom('percentage', 'flat'),
      commissionValue: fc.integer({ min: 0, max: 10_000 }).map((cents) => cents / 100),
      licenseNumber: fc.constantFrom('', 'CA-123456', 'L'.repeat(50)),
      // Licensed needs a date not past (shared/brokers/api.ts): from today to 10 years ahead, or blank.
      licenseExpirationDate: fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 3650 }).map(daysFromToday)),
    })
    .map((body) => ({ params: { id: '01NOSUCHBROKER' }, body })),
  'POST /profile/photo-upload': fc
    .record({
      file: fc.constantFrom(
        { fileName: 'me.jpg', contentType: 'image/jpeg' },
        { fileName: 'Me.WEBP', contentType: 'image/webp' },
        { fileName: '../me.png', contentType: 'image/png' },
      ),
      size: fc.integer({ min: 1, max: MAX_UPLOAD_BYTES }),
    })
    .map(({ file, size }) => ({ body: { ...file, size } })),
  'POST /profile/photo': fc.constantFrom('me.jpg', 'Me.PNG', 'x.webp').map((fileName) => ({ body: { fileName } })),
  'POST /profile/licence-upload': fc
    .record({ file: licenceFile, size: fc.integer({ min: 1, max: MAX_UPLOAD_BYTES }) })
    .map(({ file, size }) => ({ body: { ...file, size } })),
  'POST /profile/licence': fc.constantFrom('licence.pdf', 'Scan.PNG').map((fileName) => ({ body: { fileName } })),
  'GET /brokers/{id}/licence-url': fc.constant({ params: { id: '01NOSUCHBROKER' } }),
  // Tokens that are not links (malformed, unknown, the shape of a real one): each is answered `invalid`, never a 5xx.
  'GET /credit-applications/{token}': fc
    .oneof(
      fc.constantFrom('nosuchtoken', 'AAAAAAAAAAAAAAAAAAAAAA', 'a'.repeat(128)),
      fc.uint8Array({ minLength: 16, maxLength: 16 }).map((bytes) => Buffer.from(bytes).toString('base64url')),
    )
    .map((token) => ({ params: { token } })),
  'GET /credit-applications/forms/{type}': fc
    .record({
      type: fc.constantFrom('mbfs', 'bmwfs', 'generic'),
      dealId: fc.constantFrom(undefined, '01JZZZZZZZZZZZZZZZZZZZZZZZ'),
    })
    .map(({ type, dealId }) => ({ params: { type }, ...(dealId ? { query: { dealId } } : {}) })),
  'POST /deals/{id}/credit-application-link/regenerate': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'POST /deals/{id}/concierge-payment': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  // The agreement: an edit of a version that does not exist (409, nothing stored) and a deal that names nothing.
  'POST /admin/agreement/versions': fc
    .string({ minLength: 1, maxLength: 2000 })
    .map((text) => ({ body: { text, basedOn: 999_999 } })),
  'GET /deals/{id}/agreement': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'POST /deals/{id}/agreement/send': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'GET /consumer/deals/{id}/agreement': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'POST /consumer/deals/{id}/agreement/signature': fc
    .record({ fullName: fc.string({ minLength: 1, maxLength: 120 }), version: fc.integer({ min: 1, max: 1000 }) })
    .map((body) => ({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' }, body })),
  // Proposals: a deal and tokens that name nothing (no proposal is created, accepted or e-mailed about).
  'POST /deals/{id}/proposals': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'GET /deals/{id}/proposals': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'POST /deals/{id}/proposals/{proposalId}/revoke': fc.constant({
    params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ', proposalId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' },
  }),
  'GET /consumer/deals/{id}/proposals': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'POST /consumer/deals/{id}/proposals/{proposalId}/accept': fc.constant({
    params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ', proposalId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' },
  }),
  'POST /consumer/deals/{id}/proposals/{proposalId}/questions': fc.constant({
    params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ', proposalId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' },
    body: { question: 'Is the rate locked?' },
  }),
  'GET /proposals/{token}': proposalToken.map((token) => ({ params: { token } })),
  'POST /proposals/{token}/accept': proposalToken.map((token) => ({ params: { token } })),
  'POST /proposals/{token}/questions': fc
    .record({ token: proposalToken, question: fc.constantFrom('Is the rate locked?', 'Can I pick it up Saturday? ¿Sí?') })
    .map(({ token, question }) => ({ params: { token }, body: { question } })),
  // A deal that does not exist: every valid resolution is a 404 and nothing changes.
  'POST /deals/{id}/payments-to-review/resolve': fc
    .record({
      eventId: fc.stringMatching(/^evt_[A-Za-z0-9]{1,24}$/),
      resolution: fc.constantFrom('mark_paid', 'dismiss'),
      note: fc.string({ minLength: 1, maxLength: 500 }).filter((note) => note.trim().length > 0),
      revision: fc.nat(5),
    })
    .map((body) => ({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' }, body })),
  // Content that does not exist: valid requests reach the table and are answered 404, and nothing is created by the
  // learner routes. The admin's create does create drafts (unpublished: the learners' screens never show them).
  'POST /academy/{id}/complete': fc
    .oneof(fc.constant({}), fc.record({ answers: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 50 }) }))
    .map((body) => ({ params: { id: '01NOSUCHCONTENT' }, body })),
  'POST /admin/academy': academyContentBody.map((body) => ({ body })),
  'PATCH /admin/academy/{id}': academyContentBody.map((body) => ({ params: { id: '01NOSUCHCONTENT' }, body })),
  'DELETE /admin/academy/{id}': fc.constant({ params: { id: '01NOSUCHCONTENT' } }),
  'POST /admin/academy-order': fc
    .record({ category: fc.constantFrom('Leasing Basics', 'No Such Category'), ids: fc.constant(['01NOSUCHCONTENT']) })
    .map((body) => ({ body })),
  // Leads that do not exist: every valid write reaches the table and is answered 404, and nothing changes.
  'GET /leads': fc
    .record({
      status: fc.constantFrom('', 'new', 'contacted', 'converted', 'lost'),
      brokerId: fc.constantFrom('', '01NOSUCHBROKER'),
      limit: fc.integer({ min: 1, max: 100 }).map(String),
    })
    .map((query) => ({ query })),
  'GET /leads/{id}': fc.constant({ params: { id: '01NOSUCHLEAD' } }),
  'POST /leads/{id}/assign': fc
    .record({ brokerId: fc.constantFrom(null, '01NOSUCHBROKER'), revision: fc.nat(5) })
    .map((body) => ({ params: { id: '01NOSUCHLEAD' }, body })),
  'POST /leads/{id}/claim': fc.constant({ params: { id: '01NOSUCHLEAD' } }),
  'PATCH /leads/{id}/status': fc
    .constantFrom('new', 'contacted', 'converted', 'lost')
    .map((status) => ({ params: { id: '01NOSUCHLEAD' }, body: { status } })),
  'POST /leads/{id}/convert': fc.constant({ params: { id: '01NOSUCHLEAD' } }),
  // ADF leads: a lead address that does not exist (404; the XML body is read raw, so none is generated here), and
  // addresses of dealerships that do not exist (404: the company's own address is never regenerated by the suite).
  'POST /leads/adf/{token}': proposalToken.map((token) => ({ params: { token } })),
  'GET /adf-inbound/{owner}': fc.constant({ params: { owner: '01NOSUCHDEALERSHIP' } }),
  'POST /adf-inbound/{owner}/regenerate': fc.constant({ params: { owner: '01NOSUCHDEALERSHIP' } }),
  'DELETE /adf-inbound/{owner}': fc.constant({ params: { owner: '01NOSUCHDEALERSHIP' } }),
  'POST /deals/{id}/send-to-dealer': fc.constant({ params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } }),
  'GET /notifications': fc
    .record({ limit: fc.option(fc.integer({ min: 1, max: 50 }).map(String), { nil: undefined }) })
    .map((query) => ({ query: query.limit ? query : {} })),
  'POST /notifications/{id}/read': fc.constant({ params: { id: '01NOSUCHNOTIFICATION' } }),
  'PUT /notifications/preferences': fc
    .record({ 'lead-assigned': fc.boolean(), 'lead-waiting': fc.boolean() }, { requiredKeys: [] })
    .map((email) => ({ body: { email } })),
  'GET /tasks': fc
    .record(
      {
        status: fc.constantFrom('open', 'done', 'cancelled'),
        due: fc.constantFrom('overdue', 'today', 'week', 'all'),
        timeZone: fc.constantFrom('UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Australia/Adelaide'),
      },
      { requiredKeys: [] },
    )
    .map((query) => ({ query })),
  'POST /tasks': fc
    .record({
      title: fc.string({ minLength: 1, maxLength: 200 }).filter((title) => title.trim() !== ''),
      dueDate: fc.integer({ min: -30, max: 400 }).map(daysFromToday),
      dueTime: fc.constantFrom('00:00', '08:30', '23:59'),
      timeZone: fc.constantFrom('UTC', 'America/New_York', 'Asia/Kathmandu'),
      notes: fc.string({ maxLength: 2000 }),
    })
    .map((body) => ({ body })),
  'PUT /task-settings': fc
    .record({ timeZone: fc.constantFrom('UTC', 'Europe/Paris', 'Asia/Kolkata'), morningEmail: fc.boolean() })
    .map((body) => ({ body })),
  'GET /tasks/of/{kind}/{id}': fc
    .constantFrom('lead', 'client', 'deal')
    .map((kind) => ({ params: { kind, id: '01NOSUCHRECORD' } })),
  'GET /tasks/{id}': fc.constant({ params: { id: '01NOSUCHTASK' } }),
  'PATCH /tasks/{id}': fc
    .record({ title: fc.string({ minLength: 1, maxLength: 200 }).filter((title) => title.trim() !== '') })
    .map((body) => ({ params: { id: '01NOSUCHTASK' }, body: { ...body, revision: 1 } })),
  'POST /tasks/{id}/status': fc
    .constantFrom('open', 'done', 'cancelled')
    .map((status) => ({ params: { id: '01NOSUCHTASK' }, body: { status, revision: 1 } })),
  // CSV: export pages from the start (a cursor of ours is opaque); matches of unknown and taken contacts; an import
  // started for a random file; rows sent to an import that does not exist (404, nothing written).
  'GET /exports/clients': fc.constant({ query: {} }),
  'GET /exports/deals': fc.constant({ query: {} }),
  'GET /exports/leads': fc.constant({ query: {} }),
  'POST /client-imports/matches': fc
    .array(fc.record({ email: fc.emailAddress(), phone: fc.constantFrom('+13035550100', '303.555.0100', '') }), {
      minLength: 1,
      maxLength: 5,
    })
    .map((rows) => ({ body: { rows } })),
  'POST /client-imports': fc
    .record({
      fileHash: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex')),
      fileName: fc.constantFrom('clients.csv', 'Book 2026.CSV'),
      total: fc.integer({ min: 1, max: 10_000 }),
      onDuplicate: fc.constantFrom('skip', 'update'),
    })
    .map((body) => ({ body })),
  'POST /client-imports/{id}/rows': fc
    .record({
      start: fc.nat(10),
      rows: fc.array(
        clientBody.map(({ fullName, email }) => ({ fullName, email })),
        { minLength: 1, maxLength: 3 },
      ),
    })
    .map((body) => ({ params: { id: '01NOSUCHIMPORT' }, body })),
  // Lender programs: names with accents and punctuation; a month's import on a lender that does not exist (404).
  'POST /programs/lenders': fc.record({ name: fc.uuid().map((id) => `Fuzz Lender ${id.slice(0, 8)}`) }).map((body) => ({ body })),
  'POST /programs/lenders/{lenderId}/versions': fc
    .record({
      month: fc.constantFrom('2026-12', '2027-01'),
      fileHash: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex')),
      fileName: fc.constantFrom('programs.csv', 'Dec 2026.CSV'),
      total: fc.integer({ min: 1, max: 10_000 }),
    })
    .map((body) => ({ params: { lenderId: 'no-such-lender' }, body })),
  'POST /programs/lenders/{lenderId}/versions/{month}/rows': fc
    .record({
      start: fc.nat(10),
      rows: fc.array(
        fc.record({
          year: fc.constantFrom('2026', '2027'),
          make: fc.constantFrom('Toyota', 'Škoda'),
          model: fc.constantFrom('RAV4', 'Octavia'),
          termMonths: fc.constantFrom('36', '39'),
          milesPerYear: fc.constantFrom('10000', '12,000'),
          residualPercent: fc.constantFrom('58', '61.5%'),
          buyRateMoneyFactor: fc.constantFrom('0.00125', '.0021'),
          effectiveFrom: fc.constant('2026-12-01'),
          effectiveTo: fc.constant('2026-12-31'),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    })
    .map((body) => ({ params: { lenderId: 'no-such-lender', month: '2026-12' }, body })),
  'GET /programs/lenders/{lenderId}/versions/{month}/rows': fc
    .constantFrom<Record<string, string>>({}, { cursor: '199' })
    .map((query) => ({ params: { lenderId: 'example-auto-finance', month: '2026-12' }, query })),
  'GET /programs/match': fc
    .record({
      year: fc.constantFrom('2026', '2027'),
      make: fc.constantFrom('Toyota', 'Mercedes-Benz', 'Škoda'),
      model: fc.constantFrom('RAV4', 'GLC 300'),
      trim: fc.constantFrom('', 'XLE'),
      termMonths: fc.constantFrom('36', '39'),
      milesPerYear: fc.constantFrom('10000', '12000'),
      state: fc.constantFrom('CA', 'co'),
      date: fc.constantFrom('2026-12-15', '2027-01-02'),
    })
    .map((query) => ({ query })),
};
