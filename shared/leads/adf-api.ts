/**
 * ADF/XML leads in and out (docs/decisions.md, "ADF leads"; docs/api.md, "ADF lead webhook").
 *
 * In: each dealership, and the company (the public quote flow's owner), may have one inbound lead address, an HTTPS
 * webhook with a secret token in its path: POST /leads/adf/{token} takes an ADF 1.0 document (application/xml,
 * text/xml, or an e-mail body with the document pasted in it) and stores each prospect as a lead in the inbox.
 * Admins create (regenerate) and revoke the address:
 * - GET    /adf-inbound/{owner}               the address (its path), or none
 * - POST   /adf-inbound/{owner}/regenerate    a new token; the old one stops working at once (404)
 * - DELETE /adf-inbound/{owner}               revokes it
 * `owner` is `company` or a dealership id.
 *
 * Out: POST /deals/{id}/send-to-dealer e-mails the deal's dealership's lead address an ADF document of the deal.
 */
import * as z from 'zod';

export const ADF_COMPANY_OWNER = 'company';

/** Tokens are 128-bit random, base64url (22 characters); anything else cannot be one (404 like a revoked token). */
export const adfTokenParamsSchema = z.object({ token: z.string().max(64) });

export const adfOwnerParamsSchema = z.object({
  owner: z
    .string()
    .max(128, 'Invalid id')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid id'),
});

export const ADF_ADDRESS_NOT_FOUND_MESSAGE = 'This lead address does not exist or was revoked';
export const ADF_OWNER_NOT_FOUND_MESSAGE = 'Dealership not found';
export const ADF_NO_LEAD_EMAIL_MESSAGE =
  'This dealership has no lead e-mail address. Add one on the Dealerships page to send it deals.';
export const ADF_NO_DEALERSHIP_MESSAGE = 'This deal has no dealership to send it to.';
export const ADF_CONTENT_TYPE_MESSAGE = 'Send the ADF document as application/xml, text/xml or text/plain';
export const ADF_NO_DOCUMENT_IN_EMAIL_MESSAGE = 'The e-mail body holds no ADF document (<adf>...</adf>)';

/**
 * What POST /leads/adf/{token} answers: each prospect's lead, in document order. A resent prospect names the lead
 * it already made (`duplicate`); a returning shopper's prospect names their open lead, where it was added as a new
 * inquiry (`returning`).
 */
export const adfInboundResponseSchema = z.object({
  leads: z.array(z.object({ id: z.string(), duplicate: z.boolean(), returning: z.boolean() })),
});
export type AdfInboundResponse = z.infer<typeof adfInboundResponseSchema>;

/** An inbound lead address as the admin sees it: the webhook's path (the web prefixes the API's address). */
export const adfAddressResponseSchema = z.object({
  owner: z.string(),
  /** `/leads/adf/{token}`, or null when the owner has none (never made, or revoked). */
  path: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type AdfAddress = z.infer<typeof adfAddressResponseSchema>;

/** What "Send to dealer" answers: where it went and how the e-mail stands (the outbox retries `retrying`). */
export const sendToDealerResponseSchema = z.object({
  sentTo: z.string(),
  delivery: z.enum(['sent', 'retrying', 'failed']),
});
export type SendToDealerResponse = z.infer<typeof sendToDealerResponseSchema>;
