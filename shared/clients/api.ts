/**
 * Request and response shapes of the clients routes (shared/api/routes.ts, feature `clients`), used by the
 * handlers, the /clients screen, and the client picker and "New Client" dialog of the deal form.
 *
 * Who may call what (docs/decisions.md, "Clients"):
 * - reads (GET /clients, GET /clients/{id}, GET /clients/{id}/deals): admins and brokers. Brokers share one book of
 *   clients (the client lists read every client). Dealers and consumers are routed away from /clients: 403.
 * - POST /clients, PATCH /clients/{id}: admins and approved, licensed brokers (the brokers who may create deals).
 *   The creator (`profileId`) is the caller on create; afterwards only an admin moves the client to another broker
 *   (`profileId` in a PATCH). The e-mail and phone are changed by the client's broker or an admin only, and each
 *   such change, and each move, is on the client's trail (GET /clients/{id}/activity).
 * - Own book (docs/security.md, "Ownership"): when the company setting is on, a broker reads and changes only the
 *   clients they own; any other is a 404, as an unknown id.
 * - DELETE /clients/{id}: admins only. A client who still has deals is refused (409, CLIENT_HAS_DEALS_MESSAGE).
 * - A client's e-mail is unique (case-insensitive): a second client with the same e-mail is refused (409).
 *
 * - GET    /clients               "Manage Clients": a page ordered by name, the search, and "All Clients (n)"
 * - GET    /clients/{id}          one client (a deal form opened with a client preselected)
 * - POST   /clients               the create dialog and the deal form's "New Client" dialog
 * - PATCH  /clients/{id}          the edit dialog (a rename follows onto the client's deals)
 * - DELETE /clients/{id}          admins
 * - GET    /clients/{id}/deals    the "Past Purchases" dialog
 * - GET    /clients/{id}/activity the client's trail: contact changes and moves, newest first
 */
import * as z from 'zod';
import { DEAL_STATUSES } from '../deals/enums';
import { clientSchema } from './schemas';
import { vehicleSummarySchema } from '../vehicles/summary';

export const CLIENT_PAGE_SIZE_DEFAULT = 50;
export const CLIENT_PAGE_SIZE_MAX = 100;
export const CLIENT_SEARCH_MAX = 100;
export const CLIENT_INVALID_CURSOR_MESSAGE = 'Invalid cursor';

export const CLIENTS_SEARCH_PLACEHOLDER = 'Search clients...';
export const NO_CLIENTS_MESSAGE = 'No clients found';
export const CLIENT_NOT_FOUND_MESSAGE = 'Client not found';
/** DELETE /clients/{id} while deals still name the client (409). */
export const CLIENT_HAS_DEALS_MESSAGE =
  'This client still has deals. Assign those deals to another client or delete them before deleting the client.';
/** POST or PATCH with an e-mail another client has (409). */
export const CLIENT_EMAIL_TAKEN_MESSAGE = 'A client with this email already exists';
export const DELETE_CLIENT_CONFIRM = 'Are you sure you want to delete this client?';

/** Client ids are ULIDs (the seed's are readable ids): letters, digits and hyphens. Anything else is a 400. */
export const clientIdParamsSchema = z.object({
  id: z
    .string()
    .max(128, 'Invalid id')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid id'),
});
export type ClientIdParams = z.infer<typeof clientIdParamsSchema>;

/** GET /clients query: `q` ("Search clients...") matches the starts of words of the name, e-mail or phone. */
export const clientListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(CLIENT_SEARCH_MAX, `Search must be at most ${CLIENT_SEARCH_MAX} characters`)
    .optional()
    .transform((value) => value || undefined),
  /** Opaque: the `nextCursor` of the previous page of the same search. */
  cursor: z.string().max(2048, CLIENT_INVALID_CURSOR_MESSAGE).optional(),
  limit: z.coerce
    .number('Invalid limit')
    .int('Invalid limit')
    .min(1, 'Invalid limit')
    .max(CLIENT_PAGE_SIZE_MAX, 'Invalid limit')
    .default(CLIENT_PAGE_SIZE_DEFAULT),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

/** A client as every route returns it (blanks are null). */
export const clientResponseSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  creditScore: z.number().int().nullable(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.string().nullable(),
  preferredMakes: z.array(z.string()),
  notes: z.string().nullable(),
  /** The user who created the client (`profile_id`). */
  profileId: z.string(),
  createdAt: z.string(),
});
export type ClientView = z.infer<typeof clientResponseSchema>;

export const clientListResponseSchema = z.object({
  /** One page ordered by name (case-insensitive). */
  clients: z.array(clientResponseSchema),
  nextCursor: z.string().nullable(),
  /** "All Clients (n)": every client, whatever the search (a counter kept on write). */
  total: z.number().int().nonnegative(),
  /** Whether the caller may delete clients (admins): the row's delete action. */
  canDelete: z.boolean(),
});
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

/**
 * POST /clients: the clients page form (every client rule of shared/clients/schemas.ts with its messages, "Name and
 * email are required"). The deal form's "New Client" dialog validates with `newClientDialogSchema` (its own message)
 * first and sends the same body. Anything else in the body (profileId, id, createdAt) is ignored.
 */
export const createClientRequestSchema = clientSchema;
export type CreateClientRequest = z.input<typeof createClientRequestSchema>;

/** PATCH by a broker who is not the client's broker, changing the e-mail or phone (403). */
export const CLIENT_CONTACT_NOT_YOURS_MESSAGE = "Only the client's broker or an admin can change the client's email or phone";
/** PATCH with another `profileId` by a broker (403). */
export const CLIENT_REASSIGN_ADMIN_ONLY_MESSAGE = 'Only an admin can move a client to another broker';
/** PATCH moving a client to someone who is not an approved, licensed broker (400). */
export const CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE = 'Choose an approved and licensed broker';
/** How many trail entries GET /clients/{id}/activity answers (newest first). */
export const CLIENT_ACTIVITY_SHOWN = 100;

/**
 * PATCH /clients/{id}: the fields to change (same rules and messages); a blank optional field clears it.
 * `profileId`: an admin moves the client to that broker.
 */
export const updateClientRequestSchema = clientSchema.partial().extend({
  profileId: z
    .string()
    .trim()
    .min(1, CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE)
    .max(64, CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE)
    .optional(),
});
export type UpdateClientRequest = z.input<typeof updateClientRequestSchema>;

export const deleteClientResponseSchema = z.object({ id: z.string() });

/** One entry of a client's trail: `broker` changes name the brokers, `email` and `phone` the values (null: blank). */
export const clientActivityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), fullName: z.string() }),
  changes: z.array(
    z.object({ field: z.enum(['email', 'phone', 'broker']), before: z.string().nullable(), after: z.string().nullable() }),
  ),
});
export type ClientActivityEntry = z.infer<typeof clientActivityEntrySchema>;

export const clientActivityResponseSchema = z.object({ activity: z.array(clientActivityEntrySchema) });
export type ClientActivityResponse = z.infer<typeof clientActivityResponseSchema>;

/** A deal in the "Past Purchases" dialog (the client deal columns); each opens /deals/{id}. */
export const clientDealSchema = z.object({
  ...vehicleSummarySchema.omit({ trim: true }).shape,
  status: z.enum(DEAL_STATUSES),
  monthlyPayment: z.number(),
  dealClosedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientDeal = z.infer<typeof clientDealSchema>;

/** GET /clients/{id}/deals: newest first in each list. */
export const clientDealsResponseSchema = z.object({
  /** Deals whose status is neither closed nor finalized. */
  activeDeals: z.array(clientDealSchema),
  /** Closed or finalized deals. */
  archivedDeals: z.array(clientDealSchema),
});
export type ClientDealsResponse = z.infer<typeof clientDealsResponseSchema>;
