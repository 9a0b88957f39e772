/** GET /search: the global search box's results, grouped by kind (functions/search/search.ts). */
import { searchQuerySchema, searchResponseSchema } from '@shared/search/api';
import { route } from '@functions/lib/http/route';
import { searchData } from '../data';
import { search } from '../search';

export default route({
  query: searchQuerySchema,
  response: searchResponseSchema,
  handler: ({ query }, { identity }) => search(identity, query, searchData()),
});
