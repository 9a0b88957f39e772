/**
 * The environment every function sees locally: the same variable names CDK sets in AWS, plus the SDK's own
 * endpoint variables that point each AWS client at its emulator. The local stack runs all handlers in one
 * process, so it applies this once to `process.env`; the test global setup applies it to the test workers too.
 */
import { DEAL_IMAGES_WEB_PATH, LOCAL_CREDENTIALS, MAIL_FROM, S3RVER_CREDENTIALS, type StackInfo } from './config';
import { creditApplicationsLocalEnvironment, paymentsLocalEnvironment } from './pages/local-environment';

export function functionEnvironment(info: StackInfo): Record<string, string> {
  return {
    TABLE_NAME: info.tableName,
    DEAL_IMAGES_BUCKET: info.buckets.dealImages,
    // On the web origin, as in AWS: both the dev server and the production edge serve the bucket there.
    DEAL_IMAGES_URL: `${info.urls.web}${DEAL_IMAGES_WEB_PATH}`,
    BROKER_PHOTOS_BUCKET: info.buckets.brokerPhotos,
    BROKER_LICENCES_BUCKET: info.buckets.brokerLicences,
    SITE_BUCKET: info.buckets.site,
    USER_POOL_ID: info.userPoolId,
    USER_POOL_CLIENT_ID: info.userPoolClientId,
    COMPANY_EMAIL_DOMAIN: info.companyEmailDomain,
    MAIL_FROM,
    APP_URL: info.urls.web,
    // One process serves every function here, but each packaged bundle has its own settings cache: read every time,
    // so that an admin's switch of the client book applies at the next request (AWS keeps it 30 s per container).
    COMPANY_SETTINGS_MAX_AGE_SECONDS: '0',
    ...creditApplicationsLocalEnvironment(info),
    ...paymentsLocalEnvironment(info),

    AWS_REGION: info.region,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: info.urls.dynamodb,
    AWS_ENDPOINT_URL_S3: info.urls.s3,
    AWS_ENDPOINT_URL_SESV2: info.urls.ses,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: info.urls.cognito,
    // SNS texts go to the local API server's outbox (infra/local/sms-outbox.ts).
    AWS_ENDPOINT_URL_SNS: info.urls.smsEndpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
    // The local API already prints one line per request; the functions' own logs show warnings and errors
    // unless the developer asks for more (LOG_LEVEL=INFO npm start).
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
    // Locally the functions run on the tooling's Node 20 (Lambda runs Node 22): the SDK's yearly reminder is noise here.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/** Sets the function environment on this process (and returns the previous values so a caller can restore them). */
export function applyFunctionEnvironment(info: StackInfo): () => void {
  const env = functionEnvironment(info);
  const previous = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  return () => {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
