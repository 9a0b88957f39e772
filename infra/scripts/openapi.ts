/**
 * Writes docs/openapi.json: the OpenAPI 3.1 document of the public API for dealer sites, generated from the route
 * table and the shared zod schemas (shared/api/openapi.ts), formatted with the repository's Prettier settings.
 *
 *   npm run openapi
 *
 * shared/api/openapi.test.ts fails while the committed copy differs from what this writes.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { createPublicApiDocument } from '@shared/api/openapi';

const OPENAPI_FILE = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

const text = JSON.stringify(createPublicApiDocument(), null, 2);
const formatted = await format(text, { ...(await resolveConfig(OPENAPI_FILE)), filepath: OPENAPI_FILE });
await writeFile(OPENAPI_FILE, formatted);
console.log(`Wrote ${OPENAPI_FILE}`);
