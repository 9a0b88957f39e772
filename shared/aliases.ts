/**
 * The import aliases of tsconfig.json's `paths`, for the tools that do not read tsconfig (Vite, vitest).
 * esbuild (Lambda bundles) and tsx read tsconfig.json themselves.
 */
import { fileURLToPath } from 'node:url';

const root = (folder: string): string => fileURLToPath(new URL(`../${folder}`, import.meta.url));

export const PATH_ALIASES: { find: RegExp; replacement: string }[] = [
  { find: /^@shared\//, replacement: root('shared/') },
  { find: /^@functions\//, replacement: root('functions/') },
  { find: /^@infra\//, replacement: root('infra/') },
  { find: /^@web\//, replacement: root('web/src/') },
  { find: /^@test\//, replacement: root('test/') },
];
