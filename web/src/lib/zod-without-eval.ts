/**
 * zod compiles its object parsers with `new Function` unless told not to, and probes whether it may as it builds
 * the first object schema. Under the site's Content-Security-Policy (script-src 'self', no 'unsafe-eval') that
 * probe is a CSP violation on every page, reported by the browser although zod catches it. Every page entry
 * imports this module first, so the setting is in place before any schema is built.
 */
import { config } from 'zod/mini';

config({ jitless: true });
