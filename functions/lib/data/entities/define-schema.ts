import type { createSchema } from 'electrodb';

/**
 * ElectroDB's `createSchema` (same types) without its check at import. `createSchema` validates the model with
 * jsonschema when the module loads, and `new Entity()` validates it again, so every entity module imported
 * cost a cold start two validations even when the function never used that entity: most of a data function's
 * init. The model is still validated, once, when its Entity is built (lazily, see ../service.ts), and an
 * invalid model still fails every test that uses it.
 */
export const defineSchema: typeof createSchema = (schema) => schema;
