/**
 * Ports, names and demo logins of the local stack. `npm start` uses LOCAL_PORTS; the test suites start a second,
 * in-memory stack on TEST_PORTS so that tests can run while a developer has `npm start` open.
 */
export interface StackPorts {
  web: number;
  api: number;
  dynamodb: number;
  /** The Cognito compatibility layer that Amplify and the SDK talk to. */
  cognito: number;
  /** cognito-local itself, reached only through the compatibility layer. */
  cognitoUpstream: number;
  /** Lambda-invoke endpoint serving the Cognito triggers to cognito-local. */
  lambda: number;
  s3: number;
  /** aws-ses-v2-local: the SES API and the mailbox web page. */
  ses: number;
}

export const LOCAL_PORTS: StackPorts = {
  web: 5173,
  api: 3001,
  dynamodb: 8000,
  cognito: 9229,
  cognitoUpstream: 9329,
  lambda: 3002,
  s3: 4569,
  ses: 8005,
};

const TEST_PORT_BASE: StackPorts = {
  web: 5273,
  api: 3101,
  dynamodb: 8100,
  cognito: 9239,
  cognitoUpstream: 9339,
  lambda: 3102,
  s3: 4669,
  ses: 8105,
};

/**
 * The test stack's ports. LEASEDESK_TEST_PORT_OFFSET shifts them all, so two checkouts (or two worktrees) can run
 * the stack suite side by side on one machine.
 */
export const TEST_PORTS: StackPorts = withPortOffset(TEST_PORT_BASE, Number(process.env.LEASEDESK_TEST_PORT_OFFSET ?? 0) || 0);

/** Every port of a set moved by `offset` (a harness that runs its own stack beside the test stack, e.g. `npm run load`). */
export function withPortOffset(ports: StackPorts, offset: number): StackPorts {
  return Object.fromEntries(Object.entries(ports).map(([key, port]) => [key, port + offset])) as unknown as StackPorts;
}

export const LOCAL_REGION = 'us-east-1';
/** Production-shaped so aws-jwt-verify accepts it; the local issuer is http://localhost:<cognito>/<pool id>. */
export const LOCAL_USER_POOL_ID = 'us-east-1_LeaseDesk1';
/** Production-shaped (26 lower-case letters and digits) so nothing downstream needs a local special case. */
export const LOCAL_USER_POOL_CLIENT_ID = 'leasedesklocalwebclient001';
export const LOCAL_TABLE_NAME = 'leasedesk-local';
export const LOCAL_BUCKETS = {
  dealImages: 'leasedesk-local-deal-images',
  brokerPhotos: 'leasedesk-local-broker-photos',
  brokerLicences: 'leasedesk-local-broker-licences',
  /**
   * The web app's site bucket, as far as anything writes to it at run time: the rank-trending job's trending embed
   * page, which the production edge serves (infra/local/edge/site-bucket.ts).
   */
  site: 'leasedesk-local-web',
} as const;
/**
 * Where deal images are served on the web origin, as CloudFront's `/deal-images/*` behaviour serves them in AWS
 * (infra/stacks/web-stack.ts): the dev server forwards it to the deal-images bucket, the production edge runs the
 * distribution's own behaviour.
 */
export const DEAL_IMAGES_WEB_PATH = '/deal-images';
export const COMPANY_EMAIL_DOMAIN = 'leasedesk.com';
export const MAIL_FROM = 'no-reply@leasedesk.com';

/**
 * Credentials the local AWS SDK clients sign with. DynamoDB Local accepts only letters and digits in the key;
 * s3rver checks its own fixed pair, so the S3 client uses S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY (see the brief).
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'leasedesklocal', secretAccessKey: 'leasedesklocal' } as const;
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** Where `npm start` keeps its data between starts (git-ignored; `npm run reset` deletes it). */
export const LOCAL_DATA_DIR = '.local';

/** One demo login per role, printed by `npm start` and used by the end-to-end suite. */
export const DEMO_PASSWORD = 'Demo-Lease-2026!';
export const DEMO_USERS = [
  { key: 'admin', label: 'admin', email: 'admin@leasedesk.com', fullName: 'Alex Morgan', role: 'admin' },
  {
    key: 'broker',
    label: 'broker (approved, licensed)',
    email: 'broker@leasedesk.com',
    fullName: 'Blake Rivera',
    role: 'broker',
  },
  {
    key: 'pendingBroker',
    label: 'broker (pending approval)',
    email: 'pending.broker@leasedesk.com',
    fullName: 'Parker Quinn',
    role: 'broker',
  },
  { key: 'dealer', label: 'dealer', email: 'dealer@leasedesk.com', fullName: 'Dana Whitfield', role: 'dealer' },
  { key: 'consumer', label: 'consumer', email: 'consumer@example.com', fullName: 'Casey Jordan', role: 'consumer' },
] as const;
export type DemoUserKey = (typeof DEMO_USERS)[number]['key'];

/** A demo login as created in the local user pool. */
export interface DemoUserIds {
  userId: string;
  email: string;
  fullName: string;
}

/** What a running local stack tells its callers (npm start prints it; the test global setup provides it). */
export interface StackInfo {
  ports: StackPorts;
  region: string;
  urls: {
    web: string;
    api: string;
    /** The Cognito compatibility layer: the endpoint of every Cognito client (Amplify, SDK, tests). */
    cognito: string;
    s3: string;
    /** The local mailbox page (aws-ses-v2-local's `/`); `GET <mailbox>/store` returns the captured mail as JSON. */
    mailbox: string;
    /** The SES v2 API endpoint (same server as the mailbox). */
    ses: string;
    /** The local SMS outbox page (served by the local API server); `<smsOutbox>/messages` returns the texts as JSON. */
    smsOutbox: string;
    /** The SNS endpoint the functions' SNS client is pointed at (the outbox's Publish stand-in). */
    smsEndpoint: string;
    dynamodb: string;
  };
  /** The `iss` of local tokens: http://localhost:<cognito port>/<user pool id>. */
  issuer: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  buckets: typeof LOCAL_BUCKETS;
  companyEmailDomain: string;
  mailFrom: string;
  /**
   * The key the local payment provider signs checkout sessions with: random per stack start (stack.ts), so the local
   * checkout page pays only for sessions the API made. Absent when a second process describes a running stack.
   */
  localCheckoutSecret?: string;
}

/** Everything about a stack follows from its ports, so a second process (npm run job) can describe a running one. */
export function describeStack(ports: StackPorts): StackInfo {
  const url = (port: number) => `http://localhost:${port}`;
  return {
    ports,
    region: LOCAL_REGION,
    urls: {
      web: url(ports.web),
      api: url(ports.api),
      cognito: url(ports.cognito),
      s3: url(ports.s3),
      mailbox: url(ports.ses),
      ses: url(ports.ses),
      smsOutbox: `${url(ports.api)}/_local/sms`,
      smsEndpoint: `${url(ports.api)}/_local/sms/sns`,
      dynamodb: url(ports.dynamodb),
    },
    issuer: `${url(ports.cognito)}/${LOCAL_USER_POOL_ID}`,
    tableName: LOCAL_TABLE_NAME,
    userPoolId: LOCAL_USER_POOL_ID,
    userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
    buckets: LOCAL_BUCKETS,
    companyEmailDomain: COMPANY_EMAIL_DOMAIN,
    mailFrom: MAIL_FROM,
  };
}
