/**
 * Browser uploads POST a presigned policy to S3, and S3 refuses what the policy does not allow (a file over the
 * size range, another content type, another key, an expired or forged policy). s3rver stores whatever it is sent
 * (it reads the `policy` field and ignores it), so the local stack puts this check in front of its POST route:
 * a limit the product relies on is then exercised locally too, not only in AWS.
 *
 * What is checked, as S3 does: the SigV4 signature of the policy, its expiration, every condition
 * (exact match, "eq", "starts-with", "content-length-range"), and that every form field is covered by a condition.
 */
import { createHmac } from 'node:crypto';

export interface PostPolicyFailure {
  status: number;
  code: string;
  message: string;
}

type Condition = Record<string, string> | [string, string | number, string | number];

const UNCHECKED_FIELDS = new Set(['x-amz-signature', 'file', 'policy']);

const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value, 'utf8').digest();

/** The SigV4 signature of a POST policy, from the `x-amz-credential` scope and the secret key. */
export function postPolicySignature(policy: string, credential: string, secretAccessKey: string): string | undefined {
  const [, date, region, service] = credential.split('/');
  if (!date || !region || !service) return undefined;
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(policy, 'utf8').digest('hex');
}

const denied = (message: string): PostPolicyFailure => ({ status: 403, code: 'AccessDenied', message });

/**
 * Null when S3 would accept the upload; otherwise the refusal. `fields` are the form fields (names as sent),
 * `fileSize` the file's size in bytes.
 */
export function checkPostPolicy(input: {
  fields: Record<string, string>;
  fileSize: number;
  bucket: string;
  now: Date;
  secretAccessKey: string;
}): PostPolicyFailure | null {
  const fields = Object.fromEntries(Object.entries(input.fields).map(([name, value]) => [name.toLowerCase(), value]));
  const policyText = fields.policy;
  if (!policyText) return denied('Bucket POST must contain a policy');
  const expected = postPolicySignature(policyText, fields['x-amz-credential'] ?? '', input.secretAccessKey);
  if (!expected || expected !== fields['x-amz-signature']) {
    return denied('The request signature we calculated does not match the signature you provided.');
  }

  let policy: { expiration?: string; conditions?: Condition[] };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8'));
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  if (!policy.expiration || !(new Date(policy.expiration).getTime() > input.now.getTime())) {
    return denied('Invalid according to Policy: Policy expired.');
  }

  const values: Record<string, string> = { ...fields, bucket: input.bucket };
  const covered = new Set<string>();
  for (const condition of policy.conditions ?? []) {
    if (Array.isArray(condition)) {
      const [operator, first, second] = condition;
      if (operator === 'content-length-range') {
        if (input.fileSize > Number(second)) {
          return { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
        }
        if (input.fileSize < Number(first)) {
          return {
            status: 400,
            code: 'EntityTooSmall',
            message: 'Your proposed upload is smaller than the minimum allowed size',
          };
        }
        continue;
      }
      const name = String(first).replace(/^\$/, '').toLowerCase();
      covered.add(name);
      const actual = values[name] ?? '';
      const ok = operator === 'eq' ? actual === String(second) : operator === 'starts-with' && actual.startsWith(String(second));
      if (!ok) return denied(`Invalid according to Policy: Policy Condition failed: ["${operator}", "$${name}", "${second}"]`);
    } else {
      for (const [name, value] of Object.entries(condition)) {
        covered.add(name.toLowerCase());
        if ((values[name.toLowerCase()] ?? '') !== value) {
          return denied(`Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${value}"]`);
        }
      }
    }
  }
  const uncovered = Object.keys(fields).find(
    (name) => !UNCHECKED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !covered.has(name),
  );
  if (uncovered) return denied(`Invalid according to Policy: Extra input fields: ${uncovered}`);
  return null;
}
