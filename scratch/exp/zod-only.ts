import * as z from 'zod';
export const s = z.object({ a: z.string() });
