/** POST /client-imports: starts the import of a file, or answers its unfinished import (resume). */
import { importJobSchema, startImportRequestSchema } from '@shared/transfers/api';
import { route } from '@functions/lib/http/route';
import { startImport } from '../client-import';
import { transfersData } from '../data';

export default route({
  body: startImportRequestSchema,
  response: importJobSchema,
  handler: ({ body }, { identity, now }) => startImport(identity, body, transfersData(), now),
});
