/**
 * The broker sign-up path against the local stack: Cognito (with the real PreSignUp and PostConfirmation
 * triggers), the licence upload through the API and S3, and the records in the table.
 */
import { AdminGetUserCommand, ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignupLicenceResponse } from '@shared/auth/api';
import {
  apiFetch,
  claimsOf,
  cognito,
  getStack,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  waitForVerificationCode,
} from '@test/support/stack';
import { createData, type Data } from '@infra/data/create-data';
import { createS3Client } from '@functions/lib/storage';

async function signUp(email: string, name = 'Licence Tester'): Promise<string> {
  const { UserSub } = await cognito().send(
    new SignUpCommand({
      ClientId: getStack().userPoolClientId,
      Username: email,
      Password: TEST_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: name },
      ],
    }),
  );
  return UserSub!;
}

const pdf = Buffer.from('%PDF-1.4\n% LeaseDesk test licence\n');

describe('broker sign-up with a licence', () => {
  let data: Data;
  beforeAll(() => {
    data = createData({ table: getStack().tableName });
  });

  it('refuses a sign-up outside the company domain with the required message', async () => {
    await expect(signUp(uniqueEmail('outsider', 'example.com'))).rejects.toThrow(
      `PreSignUp failed with error Only @${getStack().companyEmailDomain} email addresses are allowed to sign up.`,
    );
  });

  it('uploads the licence of a fresh sign-up under pending/, moves it to its final key on confirmation, and makes the user a pending broker', async () => {
    const email = uniqueEmail('licence');
    const sub = await signUp(email);

    const presigned = await apiFetch<SignupLicenceResponse>('/auth/signup-licence', {
      body: { email, userSub: sub, fileName: 'My Licence.PDF', contentType: 'application/pdf', size: pdf.length },
    });
    expect(presigned.status).toBe(200);
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.body.fields)) form.append(name, value);
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'My Licence.PDF');
    const upload = await fetch(presigned.body.url, { method: 'POST', body: form });
    expect(upload.status).toBeLessThan(300);

    const s3 = await createS3Client();
    const bucket = getStack().buckets.brokerLicences;
    const read = async (key: string) =>
      Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray());
    // Until the e-mail is confirmed the file lives under the prefix the bucket expires after a day.
    expect(presigned.body.fields.key).toBe(`pending/${sub}/license.pdf`);
    expect(await read(`pending/${sub}/license.pdf`)).toEqual(pdf);
    expect((await data.users.getBrokerProfile(sub))?.licenseDocumentUrl).toBe(`pending/${sub}/license.pdf`);

    const code = await waitForVerificationCode(email);
    await cognito().send(
      new ConfirmSignUpCommand({ ClientId: getStack().userPoolClientId, Username: email, ConfirmationCode: code }),
    );

    const { idToken } = await signIn(email, TEST_PASSWORD);
    expect(claimsOf(idToken)['cognito:groups']).toEqual(['broker']);
    expect(await data.users.get(sub)).toMatchObject({ role: 'broker', fullName: 'Licence Tester', email });
    expect(await data.users.getBrokerProfile(sub)).toMatchObject({
      isApproved: false,
      isLicensed: false,
      licenseDocumentUrl: `${sub}/license.pdf`,
    });
    expect(await read(`${sub}/license.pdf`)).toEqual(pdf);
    await expect(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: `pending/${sub}/license.pdf` }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });

  it('answers 400, never 5xx, for an e-mail longer than a Cognito username (129 to 254 characters)', async () => {
    const email = `${'a'.repeat(200 - '@leasedesk.com'.length)}@leasedesk.com`;

    const response = await apiFetch<{ error: { code: string; message: string } }>('/auth/signup-licence', {
      body: { email, userSub: 'any', fileName: 'licence.pdf', contentType: 'application/pdf', size: 1000 },
    });

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'bad_request', message: 'Email must be less than 128 characters' });
  });

  it('answers the same 404 for an unknown e-mail, a wrong sub and a confirmed user', async () => {
    const file = { fileName: 'licence.png', contentType: 'image/png', size: 1000 };
    const email = uniqueEmail('wrongsub');
    const sub = await signUp(email);
    const existing = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: getStack().userPoolId, Username: 'broker@leasedesk.com' }),
    );
    const confirmedSub = existing.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;

    const answers = await Promise.all([
      apiFetch('/auth/signup-licence', { body: { email: uniqueEmail('nobody'), userSub: sub, ...file } }),
      apiFetch('/auth/signup-licence', { body: { email, userSub: `${sub}x`, ...file } }),
      apiFetch('/auth/signup-licence', { body: { email: 'broker@leasedesk.com', userSub: confirmedSub, ...file } }),
    ]);

    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        error: { code: 'not_found', message: 'No pending sign-up was found for this e-mail address' },
      });
    }
  });

  it('answers 400 with the upload rule for a file type or size the licence does not allow', async () => {
    const email = uniqueEmail('badfile');
    const sub = await signUp(email);

    const wrongType = await apiFetch<{ error: { message: string } }>('/auth/signup-licence', {
      body: { email, userSub: sub, fileName: 'licence.gif', contentType: 'image/gif', size: 1000 },
    });
    const tooBig = await apiFetch<{ error: { message: string } }>('/auth/signup-licence', {
      body: { email, userSub: sub, fileName: 'licence.pdf', contentType: 'application/pdf', size: 5 * 1024 * 1024 + 1 },
    });

    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toBe('License must be a PDF, JPG, JPEG or PNG file');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.message).toBe('File must be less than 5MB');
  });
});
