/**
 * The environment of one packaged function in the local stack: ONLY what its template declares (each value
 * replaced by the local stack's when the local stack has one of that name), what Lambda itself sets, and the
 * emulator wiring. A variable the code needs but the template forgot is therefore missing here as it would be in
 * AWS, and the tests that use it fail.
 *
 * Two translations, both by name: a secret's id `<NAME>_ID` (read through the Parameters and Secrets extension in
 * AWS) becomes `<NAME>` with the local development value when the local stack has one; PAYMENT_PROVIDER, when
 * declared, is the local checkout (with its page's address and the secret its sessions are signed with).
 */
import { LOCAL_CREDENTIALS, type StackInfo } from '../config';
import type { DeployedFunction } from './assembly';

/** Set only by the local stack, never by a template: where the emulators are and how to talk to them. */
const EMULATOR_VARIABLES = [
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'AWS_REQUEST_CHECKSUM_CALCULATION',
  'AWS_RESPONSE_CHECKSUM_VALIDATION',
  // Local processes run the tooling's Node 20 (Lambda runs 22): the SDK's reminder is noise.
  'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
  // The local API prints a line per request; functions log warnings unless asked (LOG_LEVEL=INFO npm start).
  'LOG_LEVEL',
  // The company settings (own book) are read at every request locally, so a switch applies at the next request
  // (AWS: kept 30 s per container, the template's default; docs/operations.md "The client book").
  'COMPANY_SETTINGS_MAX_AGE_SECONDS',
] as const;

/** Local variables that come with a declared one. */
const COMPANIONS: Record<string, readonly string[]> = { PAYMENT_PROVIDER: ['LOCAL_CHECKOUT_URL', 'LOCAL_CHECKOUT_SECRET'] };

export type ServiceEndpoints = Record<'dynamodb' | 's3' | 'sesv2' | 'cognito' | 'sns', string>;

/** The SDK endpoint variables, one per service the functions use. */
export function endpointVariables(endpoints: ServiceEndpoints): Record<string, string> {
  return {
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_SESV2: endpoints.sesv2,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    AWS_ENDPOINT_URL_SNS: endpoints.sns,
  };
}

export function directEndpoints(info: StackInfo): ServiceEndpoints {
  return {
    dynamodb: info.urls.dynamodb,
    s3: info.urls.s3,
    sesv2: info.urls.ses,
    cognito: info.urls.cognito,
    sns: info.urls.smsEndpoint,
  };
}

/** What the Lambda service sets in every execution environment of `fn` (documented reserved variables). */
export function lambdaVariables(fn: DeployedFunction, region: string): Record<string, string> {
  return {
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_LAMBDA_FUNCTION_NAME: fn.name,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.name}`,
    AWS_LAMBDA_LOG_STREAM_NAME: 'local',
    AWS_LAMBDA_LOG_FORMAT: 'JSON',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_SESSION_TOKEN: 'local-session-token',
    LAMBDA_TASK_ROOT: fn.assetDir,
    LAMBDA_RUNTIME_DIR: fn.assetDir,
    _HANDLER: fn.handler,
    TZ: 'UTC',
    LANG: 'en_US.UTF-8',
    PATH: '/usr/local/bin:/usr/bin:/bin',
  };
}

export function artifactEnvironment(
  fn: DeployedFunction,
  local: Record<string, string>,
  endpoints: ServiceEndpoints,
  region: string,
): Record<string, string> {
  const declared: Record<string, string> = {};
  for (const [name, value] of Object.entries(fn.environment)) {
    const secretName = name.endsWith('_ID') ? name.slice(0, -3) : undefined;
    if (secretName && local[secretName] !== undefined) {
      declared[secretName] = local[secretName];
      continue;
    }
    declared[name] = local[name] ?? value;
    for (const companion of COMPANIONS[name] ?? []) if (local[companion] !== undefined) declared[companion] = local[companion];
  }
  const emulator = Object.fromEntries(
    EMULATOR_VARIABLES.filter((name) => local[name] !== undefined).map((name) => [name, local[name]!]),
  );
  return { ...declared, ...emulator, ...endpointVariables(endpoints), ...lambdaVariables(fn, region) };
}
