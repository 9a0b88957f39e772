/**
 * Request and response shapes of the public quotes routes (shared/api/routes.ts, feature `quotes`), used by the
 * handlers, the public quote wizard (web/src/features/quotes) and the OpenAPI document for dealer sites.
 *
 * - POST /quote-requests   the wizard's submit (and a dealer site's own form): the intake questionnaire, one lead
 * - GET  /quote-agents     step 2's "working with an agent" dropdown: approved brokers by full name
 * - GET  /quote-vehicles/{id}  the marketplace vehicle a shopper reserves from the trending embed, when it is one
 * - GET  /openapi.json     the OpenAPI 3.1 document of the routes dealer sites may call
 *
 * Abuse (docs/decisions.md, "Quotes"): per-route API Gateway throttles and a per-source limit, a body limit
 * (the route's `maxBodyBytes`), the `website` honeypot and the `idempotencyKey` that turns a double submit into one lead.
 */
import * as z from 'zod';
import { INVALID_INPUT } from '../validation';
import { HONEYPOT_FIELD, QUOTE_REQUEST_MESSAGES, QUOTE_VEHICLE_ID_MAX } from './request';
import { quoteIntakeSchema } from './schemas';
import { vehicleSummarySchema } from '../vehicles/summary';

export { HONEYPOT_FIELD, QUOTE_REQUEST_MESSAGES, QUOTE_VEHICLE_QUERY, quoteVehicleName } from './request';

/**
 * POST /quote-requests: the whole intake questionnaire (every rule and message, shared/quotes/schemas.ts), the honeypot
 * and a key the browser draws once per wizard session (crypto.randomUUID): a retried or double-clicked submit with
 * the same key stores one lead and answers the same id. Classic zod (the routes' schema type) around the intake's
 * zod/mini schemas: both share zod's core, so parsing and the OpenAPI document see one schema.
 */
export const quoteRequestSchema = z.intersection(
  quoteIntakeSchema,
  z.object({
    [HONEYPOT_FIELD]: z.string(INVALID_INPUT).max(2000, INVALID_INPUT).optional(),
    idempotencyKey: z.uuid(QUOTE_REQUEST_MESSAGES.idempotencyKey),
    /**
     * The marketplace vehicle the shopper reserved (the wizard's `?vehicle=`). The lead names it when it is one a
     * shopper may reserve; any other id is ignored, and the lead is stored without it (docs/decisions.md, "Quotes").
     */
    vehicleId: z.string(INVALID_INPUT).trim().max(QUOTE_VEHICLE_ID_MAX, INVALID_INPUT).nullish(),
  }),
);
export type QuoteRequest = z.input<typeof quoteRequestSchema>;
export type ParsedQuoteRequest = z.output<typeof quoteRequestSchema>;

/** 201: the lead's id (the same id for every submit with the same idempotency key). */
export const quoteRequestResponseSchema = z.object({ id: z.string() });
export type QuoteRequestResponse = z.infer<typeof quoteRequestResponseSchema>;

/** An agent a shopper may say they already work with: an approved broker. */
export const quoteAgentSchema = z.object({
  /** The broker's user id (a uuid): the intake's `brokerId`. */
  id: z.string(),
  fullName: z.string(),
});
export type QuoteAgent = z.infer<typeof quoteAgentSchema>;

/** GET /quote-agents: approved brokers ordered by full name. */
export const quoteAgentsResponseSchema = z.object({ agents: z.array(quoteAgentSchema) });
export type QuoteAgentsResponse = z.infer<typeof quoteAgentsResponseSchema>;

/** GET /openapi.json: an OpenAPI 3.1 document (validated by its own test, passed through as it is). */
export const openApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) });

/** GET /quote-vehicles/{id}: the vehicle's id as the wizard's address gives it. */
export const quoteVehicleParamsSchema = z.object({ id: z.string(INVALID_INPUT).max(QUOTE_VEHICLE_ID_MAX, INVALID_INPUT) });

/** A marketplace vehicle as the wizard shows it once chosen: what the trending card showed, no more. */
export const quoteVehicleSchema = z.object({
  ...vehicleSummarySchema.shape,
  imageUrl: z.string().nullable(),
  monthlyPayment: z.number(),
  termMonths: z.number().int(),
  downPayment: z.number(),
});
export type QuoteVehicle = z.infer<typeof quoteVehicleSchema>;

/** The 404's message: the wizard does not show it (it starts without a chosen vehicle), a dealer's developer may. */
export const QUOTE_VEHICLE_NOT_FOUND_MESSAGE = 'This vehicle is not in the marketplace';

/** 200 for a vehicle in the marketplace (a listing, not archived, in stock); 404 for any other id. */
export const quoteVehicleResponseSchema = z.object({ vehicle: quoteVehicleSchema });
export type QuoteVehicleResponse = z.infer<typeof quoteVehicleResponseSchema>;

/** Seconds a shared cache may keep a vehicle's answer (a vehicle archived meanwhile is refused at submit anyway). */
export const QUOTE_VEHICLE_CACHE_SECONDS = 60;

/** Seconds a shared cache may keep the agents list (a newly approved broker shows up within this). */
export const QUOTE_AGENTS_CACHE_SECONDS = 300;
/** Seconds a shared cache may keep the OpenAPI document (it changes only with a deployment). */
export const OPENAPI_CACHE_SECONDS = 3600;
