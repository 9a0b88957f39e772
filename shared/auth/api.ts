/**
 * Request and response shapes of the auth routes (GET /me, POST /auth/signup-licence), shared by the
 * handlers and the web client.
 */
import * as z from 'zod';
import { uploadRequestSchema } from '../uploads/schemas';
import { ROLES } from './roles';
import { accountEmailSchema } from './schemas';

/** GET /me: who the caller is. `dealershipId` only for dealers, `broker` only for brokers. */
export const meResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  fullName: z.string(),
  dealershipId: z.string().nullable(),
  broker: z.object({ isApproved: z.boolean(), isLicensed: z.boolean() }).nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const SIGNUP_NOT_FOUND_MESSAGE = 'No pending sign-up was found for this e-mail address';

/**
 * POST /auth/signup-licence: the licence chosen at sign-up, right after the sign-up call and before the
 * e-mail is confirmed. `userSub` is the id the sign-up call returned.
 */
export const signupLicenceRequestSchema = z
  .object({
    email: accountEmailSchema,
    userSub: z
      .string({ error: SIGNUP_NOT_FOUND_MESSAGE })
      .trim()
      .min(1, SIGNUP_NOT_FOUND_MESSAGE)
      .max(128, SIGNUP_NOT_FOUND_MESSAGE),
  })
  .and(uploadRequestSchema('licence'));
export type SignupLicenceRequest = z.infer<typeof signupLicenceRequestSchema>;

/** A presigned POST: send `fields` and then the file as multipart form data to `url`. */
export const signupLicenceResponseSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type SignupLicenceResponse = z.infer<typeof signupLicenceResponseSchema>;
