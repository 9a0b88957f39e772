/**
 * The company's client book setting (docs/security.md, "Ownership"), an admin's choice on /admin/brokers:
 * - GET /admin/settings   the settings and who changed them last
 * - PUT /admin/settings   `{ ownBook, requireSignedAgreement? }`: ownBook true, each broker sees and changes only their own clients, deals and leads;
 *                         false (the default), every approved broker reads the whole book (the product's behaviour)
 */
import * as z from 'zod';

export const CLIENT_BOOK_TITLE = 'Client book';
export const SHARED_BOOK_LABEL = 'Shared book: every broker sees every client and deal';
export const OWN_BOOK_LABEL = 'Own book: each broker sees only their own clients, deals and leads';
export const SETTINGS_SAVED_MESSAGE = 'Client book updated';
export const ERROR_SAVING_SETTINGS = 'Error saving settings';
export const ERROR_LOADING_SETTINGS = 'Error loading settings';
export const OWN_BOOK_REQUIRED_MESSAGE = 'Choose shared book or own book';
export const REQUIRE_SIGNED_AGREEMENT_LABEL = 'Require a signed agreement before a fee is paid';
export const REQUIRE_SIGNED_AGREEMENT_INVALID_MESSAGE = 'Say whether a signed agreement is required (true or false)';

export const companySettingsSchema = z.object({
  ownBook: z.boolean(),
  requireSignedAgreement: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type CompanySettingsView = z.infer<typeof companySettingsSchema>;

export const updateCompanySettingsRequestSchema = z.object({
  ownBook: z.boolean({ error: OWN_BOOK_REQUIRED_MESSAGE }),
  /** Absent: left as it is (docs/decisions.md, "Agreements"). */
  requireSignedAgreement: z.boolean({ error: REQUIRE_SIGNED_AGREEMENT_INVALID_MESSAGE }).optional(),
});
export type UpdateCompanySettingsRequest = z.infer<typeof updateCompanySettingsRequestSchema>;

/** The screen's form: the book as a radio choice (`own` sends `ownBook: true`) and the agreement's checkbox. */
export const CLIENT_BOOKS = ['shared', 'own'] as const;
export const clientBookFormSchema = z.object({
  book: z.enum(CLIENT_BOOKS, { error: OWN_BOOK_REQUIRED_MESSAGE }),
  requireSignedAgreement: z.boolean(),
});
export type ClientBookForm = z.infer<typeof clientBookFormSchema>;
