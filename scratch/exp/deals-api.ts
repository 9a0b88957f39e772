import * as api from '@shared/deals/api';
export const n = Object.keys(api).length;
