/** GET /deals: the caller's deal list, grouped and paged (functions/deals/list.ts). */
export { listDealsRoute as default } from '../list';
