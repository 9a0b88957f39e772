import * as z from 'zod';

/**
 * Runtime configuration of the SPA, served as `/config.json` next to index.html: written by CDK's
 * BucketDeployment in AWS and by the local stack's Vite plugin locally, so one build serves every stage.
 */
export const webConfigSchema = z.object({
  stage: z.string().min(1),
  region: z.string().min(1),
  apiUrl: z.string().url(),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Only locally: the Cognito compatibility layer's URL (Amplify's `userPoolEndpoint`). */
  cognitoEndpoint: z.string().url().optional(),
  /** The company e-mail domain allowed to self sign-up, without "@" (e.g. leasedesk.com). */
  companyEmailDomain: z.string().min(1),
  /** Only locally: the mailbox page, linked from the sign-up confirmation step. */
  mailboxUrl: z.string().url().optional(),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
