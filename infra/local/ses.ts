/**
 * SES: aws-ses-v2-local, in process. It keeps every message the product sends (and Cognito's codes, delivered by
 * the cognito-local launcher); its `/` page is the local mailbox and GET /store returns the mail as JSON.
 */
import type { Server } from 'node:http';
import { createRequire } from 'node:module';

type StartSes = typeof import('aws-ses-v2-local').default;

export async function startSes(port: number): Promise<Server> {
  // A CommonJS module with an `exports.default`: required, so that tsx and vitest see the same function.
  const start = (createRequire(import.meta.url)('aws-ses-v2-local') as { default: StartSes }).default;
  return start({ host: '127.0.0.1', port });
}

/** One message as GET /store returns it. */
export interface MailboxMessage {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Epoch seconds. */
  at: number;
}
