/**
 * The marketplace routes' request and response shapes, shared by the handlers and the web client. The route
 * table (shared/api/routes.ts) says who may call each route; this module says what goes in and comes out.
 *
 * - GET    /marketplace/vehicles                    the /marketplace screen in one call (page of cards + counts)
 * - GET    /marketplace/vehicles/{id}               the vehicle page
 * - POST   /marketplace/vehicles                    add a vehicle (the "Marketplace vehicle add" form)
 * - PATCH  /marketplace/vehicles/{id}               edit, archive, unarchive
 * - GET    /marketplace/stock-numbers/{stockNumber} the form's live uniqueness check
 * - POST   /marketplace/vehicles/{id}/views         record a view (once per session and day)
 * - POST   /marketplace/images                      presigned upload of a vehicle image
 */
import * as z from 'zod';
import { listQuerySchema } from '../api/list-query';
import { uploadRequestSchema } from '../uploads/schemas';
import { requiredText } from '../validation';
import { MARKETPLACE_INCENTIVES } from './enums';
import { MARKETPLACE_MESSAGES, marketplaceVehicleSchema, stockNumberField, vehicleExpirationDateField } from './schemas';
import { vehicleNameSchema } from '../vehicles/summary';

// ---------------------------------------------------------------------------------------------------------------
// Path parameters

export const INVALID_VEHICLE_ID_MESSAGE = 'Vehicle not found';
/** Vehicle ids are ULIDs; anything else cannot name a vehicle and is answered like an unknown id (404). */
export const vehicleIdParamsSchema = z.object({
  id: z.string().trim().min(1).max(64),
});
export type VehicleIdParams = z.infer<typeof vehicleIdParamsSchema>;

export const stockNumberParamsSchema = z.object({
  stockNumber: stockNumberField,
});

// ---------------------------------------------------------------------------------------------------------------
// The vehicle as answered (card and page share one shape)

export const marketplaceVehicleResponseSchema = z.object({
  id: z.string(),
  stockNumber: z.string().nullable(),
  ...vehicleNameSchema.shape,
  vin: z.string().nullable(),
  imageUrl: z.string().nullable(),
  msrp: z.number().nullable(),
  totalDueAtSigning: z.number().nullable(),
  downPayment: z.number(),
  monthlyPayment: z.number(),
  termMonths: z.number().int(),
  /** Miles per year (default 12000). */
  mileageAllowance: z.number().nullable(),
  apr: z.number().nullable(),
  availableStock: z.number().int(),
  /** YYYY-MM-DD. */
  expirationDate: z.string().nullable(),
  incentives: z.array(z.string()),
  notes: z.string().nullable(),
  isArchived: z.boolean(),
  dealershipId: z.string().nullable(),
  /** The user who added it (a broker, an admin or a dealer). */
  brokerId: z.string(),
  createdAt: z.string(),
  /** Views counted once per browser session and day, since the vehicle was added. */
  viewCount: z.number().int().nonnegative(),
  /** Client deals created from this vehicle whose status is pending. */
  pendingDealCount: z.number().int().nonnegative(),
  /** Whether the caller may edit, archive and unarchive it (admins, and whoever added it). */
  canEdit: z.boolean(),
});
export type MarketplaceVehicleView = z.infer<typeof marketplaceVehicleResponseSchema>;

/** GET /marketplace/vehicles/{id}: the vehicle plus its dealership's name for the page. */
export const marketplaceVehicleDetailSchema = marketplaceVehicleResponseSchema.extend({
  dealership: z.object({ id: z.string(), name: z.string(), location: z.string().nullable() }).nullable(),
});
export type MarketplaceVehicleDetail = z.infer<typeof marketplaceVehicleDetailSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /marketplace/vehicles

export const MARKETPLACE_TABS = ['active', 'archived'] as const;
export type MarketplaceTab = (typeof MARKETPLACE_TABS)[number];

export const MARKETPLACE_PAGE_SIZE_DEFAULT = 24;
export const MARKETPLACE_PAGE_SIZE_MAX = 60;
export const MARKETPLACE_SEARCH_MAX = 100;
export { INVALID_CURSOR_MESSAGE } from '../api/list-query';
export const ARCHIVED_ADMIN_ONLY_MESSAGE = 'Only admins can view archived vehicles';

/** The search ("Search by make, model, or year..."): every word must start a word of the make or model, or be the year. */
export const marketplaceListQuerySchema = listQuerySchema(
  /** `archived` is for admins only (403 otherwise). */
  { tab: z.enum(MARKETPLACE_TABS, 'Invalid tab').default('active') },
  { pageSize: { default: MARKETPLACE_PAGE_SIZE_DEFAULT, max: MARKETPLACE_PAGE_SIZE_MAX }, searchMax: MARKETPLACE_SEARCH_MAX },
);
export type MarketplaceListQuery = z.input<typeof marketplaceListQuerySchema>;

export const makeCountSchema = z.object({
  /** As first written (e.g. "Toyota"); the list groups makes without regard to case. */
  make: z.string(),
  count: z.number().int().nonnegative(),
});
export type MakeCount = z.infer<typeof makeCountSchema>;

export const marketplaceListResponseSchema = z.object({
  /** One page, ordered by make then model (case-insensitive): ready to group by make. */
  items: z.array(marketplaceVehicleResponseSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * Tab badges: in each tab, the vehicles the caller may see that the list's filters (the make, the search) keep,
   * over every page, not only this one (`archived` is 0 for non-admins).
   */
  counts: z.object({ active: z.number().int().nonnegative(), archived: z.number().int().nonnegative() }),
  /**
   * Every make in the current tab the caller may see, alphabetical, with its vehicle count: the make filter
   * buttons and the per-make group counts. Not narrowed by the search or the make filter.
   */
  makes: z.array(makeCountSchema),
  /**
   * With a search (`q`): per make, the vehicles of the tab matching it, over every vehicle the caller may see, not
   * only this page (the group counts while searching); alphabetical, makes without a match left out. Not narrowed
   * by the make filter. Null without a search.
   */
  matches: z.array(makeCountSchema).nullable(),
});
export type MarketplaceListResponse = z.infer<typeof marketplaceListResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /marketplace/vehicles, PATCH /marketplace/vehicles/{id}

/**
 * The add form's fields (every rule and message of the add form, shared/marketplace/schemas.ts). Anything else in
 * the body (isArchived, brokerId, status, view counts...) is ignored: the server sets those.
 */
export const createMarketplaceVehicleRequestSchema = marketplaceVehicleSchema;
export type CreateMarketplaceVehicleRequest = z.input<typeof createMarketplaceVehicleRequestSchema>;

/**
 * An edit: any subset of the add form's fields (same rules and messages), plus `isArchived` to archive or
 * unarchive. Fields not present are left as they are.
 */
export const updateMarketplaceVehicleRequestSchema = z
  .object({
    stockNumber: marketplaceVehicleSchema.shape.stockNumber,
    year: marketplaceVehicleSchema.shape.year,
    make: marketplaceVehicleSchema.shape.make,
    model: marketplaceVehicleSchema.shape.model,
    trim: marketplaceVehicleSchema.shape.trim,
    vin: marketplaceVehicleSchema.shape.vin,
    msrp: marketplaceVehicleSchema.shape.msrp,
    totalDueAtSigning: marketplaceVehicleSchema.shape.totalDueAtSigning,
    downPayment: marketplaceVehicleSchema.shape.downPayment,
    monthlyPayment: marketplaceVehicleSchema.shape.monthlyPayment,
    termMonths: marketplaceVehicleSchema.shape.termMonths,
    availableStock: z.unknown().pipe(marketplaceVehicleSchema.shape.availableStock.removeDefault()),
    // An edit may move the date into the past (the vehicle then expires), not beyond the window.
    expirationDate: vehicleExpirationDateField({ atCreation: false }),
    incentives: z.array(z.enum(MARKETPLACE_INCENTIVES, 'Unknown incentive')).transform((list) => [...new Set(list)]),
    notes: marketplaceVehicleSchema.shape.notes,
    imageUrl: marketplaceVehicleSchema.shape.imageUrl,
    dealershipId: marketplaceVehicleSchema.shape.dealershipId,
    isArchived: z.boolean('isArchived must be true or false'),
  })
  .partial();
export type UpdateMarketplaceVehicleRequest = z.input<typeof updateMarketplaceVehicleRequestSchema>;

/** 409 of a create or edit whose stock number another vehicle holds (also shown by the live check). */
export { STOCK_NUMBER_TAKEN_MESSAGE, FIX_STOCK_NUMBER_MESSAGE } from './schemas';
export const DEALERSHIP_LOCKED_MESSAGE = 'Dealers can only add vehicles to their own dealership';
export const DEALERSHIP_NOT_FOUND_MESSAGE = 'Dealership not found';
export const VEHICLE_NOT_FOUND_MESSAGE = 'Vehicle not found';
/** A vehicle saved with an uploaded image that is no longer waiting to be claimed (over a day old, or never sent). */
export const IMAGE_UPLOAD_EXPIRED_MESSAGE = 'The image upload has expired. Please upload the image again.';
export const EDIT_NOT_ALLOWED_MESSAGE = 'Only admins and the person who added this vehicle can change it';

// ---------------------------------------------------------------------------------------------------------------
// GET /marketplace/stock-numbers/{stockNumber}

export const stockNumberAvailabilityQuerySchema = z.object({
  /** On the edit form: the vehicle being edited, whose own stock number counts as available. */
  exceptVehicleId: z.string().trim().min(1).max(64).optional(),
});
export const stockNumberAvailabilitySchema = z.object({ available: z.boolean() });
export type StockNumberAvailability = z.infer<typeof stockNumberAvailabilitySchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /marketplace/vehicles/{id}/views

export const SESSION_ID_MESSAGE = 'Invalid session id';
export const recordViewRequestSchema = z.object({
  /** A random id the browser keeps in storage for its session (e.g. crypto.randomUUID()). */
  sessionId: requiredText(SESSION_ID_MESSAGE)
    .min(8, SESSION_ID_MESSAGE)
    .max(128, SESSION_ID_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, SESSION_ID_MESSAGE),
});
export type RecordViewRequest = z.infer<typeof recordViewRequestSchema>;
export const recordViewResponseSchema = z.object({
  /** False for a repeat of the same session on the same day. */
  counted: z.boolean(),
});
export type RecordViewResponse = z.infer<typeof recordViewResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// POST /marketplace/images

/** The image chosen on the form: jpg, jpeg, png, gif or webp, at most 5 MB ("Image must be less than 5MB"). */
export const vehicleImageUploadRequestSchema = uploadRequestSchema('vehicleImage');
export type VehicleImageUploadRequest = z.infer<typeof vehicleImageUploadRequestSchema>;

/**
 * A presigned POST: send every field and then the file (last) as multipart form data to `url`; S3 itself refuses
 * another content type or a file over 5 MB. After the upload the image is served at `imageUrl` (CloudFront in
 * AWS, the local S3 emulator locally): put that in the vehicle's `imageUrl`. The upload waits under pending/ for a
 * day; saving a vehicle with it claims it (the vehicle's `imageUrl` becomes the image's final URL), and after a day
 * unclaimed it is gone (saving then answers 400 IMAGE_UPLOAD_EXPIRED_MESSAGE on `imageUrl`).
 */
export const vehicleImageUploadResponseSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  imageUrl: z.string(),
});
export type VehicleImageUploadResponse = z.infer<typeof vehicleImageUploadResponseSchema>;

export { MARKETPLACE_MESSAGES };
