import { createData } from '@functions/lib/data';
export const d = createData;
