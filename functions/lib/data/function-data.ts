/**
 * A function's data: the stores its feature uses (`functions/<feature>/data/index.ts`), over the table of this
 * Lambda container (TABLE_NAME, the SDK's own client). Built on first use, not at import, so a cold start pays
 * only for what its request touches; then kept while the container lives.
 */
import { config } from '../config';
import { lazy } from '../lazy';
import { createDocumentClient } from './client';
import { createToolboxTable, type LeaseDeskTable } from './table';

/** The table of this container, shared by every store of the function. */
export const functionTable = lazy(() => createToolboxTable(createDocumentClient(), config.tableName));

/** `build` over the container's table, called once, on first use. */
export function functionData<T>(build: (table: LeaseDeskTable) => T): () => T {
  return lazy(() => build(functionTable()));
}
