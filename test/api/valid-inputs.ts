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

/** The admin's dealership dialog, with every optional field set or blank. */
const dealershipBody = fc.record({
  name: fc.string({ minLength: 1, maxLength: 100 }),
  location: fc.string({ minLength: 1, maxLength: 200 }),
  contactName: fc.string({ maxLength: 100 }),
  contactEmail: fc.oneof(fc.constant(''), fc.emailAddress()),
  contactPhone: fc.constantFrom('', '+13035550100', '3035550100'),
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

export const VALID_INPUTS: Record<string, fc.Arbitrary<ValidInput>> = {
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
};
