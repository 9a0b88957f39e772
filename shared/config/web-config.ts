// zod/mini (zod's tree-shakeable API): every page loads this schema first, the public trending embed included,
// whose first load must stay under 100 KB of JavaScript; classic zod's `z.string().url()` alone costs about 80 KB.
import * as z from 'zod/mini';

/**
 * Runtime configuration of the SPA, served as `/config.json` next to index.html: written by CDK's
 * BucketDeployment in AWS and by the local stack's Vite plugin locally, so one build serves every stage.
 */
export const webConfigSchema = z.object({
  stage: z.string().check(z.minLength(1)),
  region: z.string().check(z.minLength(1)),
  apiUrl: z.url(),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Only locally: the Cognito compatibility layer's URL (Amplify's `userPoolEndpoint`). */
  cognitoEndpoint: z.optional(z.url()),
  /** The company e-mail domain allowed to self sign-up, without "@" (e.g. leasedesk.com). */
  companyEmailDomain: z.string().check(z.minLength(1)),
  /** Only locally: the mailbox page, linked from the sign-up confirmation step. */
  mailboxUrl: z.optional(z.url()),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
