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

export const VALID_INPUTS: Record<string, fc.Arbitrary<ValidInput>> = {
  'POST /auth/signup-licence': fc
    .record({
      email,
      userSub: fc.oneof(fc.uuid(), fc.constantFrom('x', 'a'.repeat(128))),
      file: licenceFile,
      size: fc.integer({ min: 1, max: MAX_UPLOAD_BYTES }),
    })
    .map(({ email: address, userSub, file, size }) => ({ body: { email: address, userSub, ...file, size } })),
};
