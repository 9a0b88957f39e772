/**
 * The headers a CloudFront response headers policy adds, from its template config: the security headers (the CSP
 * through `localCsp`, which swaps the stage's origins for the local ones) and the custom headers. A header set with
 * Override wins over the origin's; without it the origin's is kept. Parts of a policy the local edge does not
 * emulate (CORS, header removal, Server-Timing) are refused when the policy is read, not ignored.
 */
import type { HeadersPolicyConfig } from './distribution';
import { flattenCfn } from './template-values';

export interface PolicyHeader {
  name: string;
  value: string;
  override: boolean;
}

type Json = Record<string, unknown>;
const EMULATED = new Set(['Name', 'Comment', 'SecurityHeadersConfig', 'CustomHeadersConfig']);

export function policyHeaders(config: HeadersPolicyConfig, localCsp: (templateCsp: string) => string): PolicyHeader[] {
  const unsupported = Object.keys(config).filter((key) => !EMULATED.has(key));
  if (unsupported.length > 0)
    throw new Error(`Response headers policy ${String(config.Name)}: ${unsupported.join(', ')} not emulated`);
  const security = (config.SecurityHeadersConfig ?? {}) as Record<string, Json>;
  const headers: PolicyHeader[] = [];
  const add = (name: string, value: string, setting: Json) => headers.push({ name, value, override: setting.Override === true });

  for (const [key, setting] of Object.entries(security)) {
    switch (key) {
      case 'ContentSecurityPolicy':
        add('Content-Security-Policy', localCsp(flattenCfn(setting.ContentSecurityPolicy)), setting);
        break;
      case 'ContentTypeOptions':
        add('X-Content-Type-Options', 'nosniff', setting);
        break;
      case 'FrameOptions':
        add('X-Frame-Options', String(setting.FrameOption), setting);
        break;
      case 'ReferrerPolicy':
        add('Referrer-Policy', String(setting.ReferrerPolicy), setting);
        break;
      case 'StrictTransportSecurity':
        add(
          'Strict-Transport-Security',
          [
            `max-age=${String(setting.AccessControlMaxAgeSec)}`,
            ...(setting.IncludeSubdomains ? ['includeSubDomains'] : []),
            ...(setting.Preload ? ['preload'] : []),
          ].join('; '),
          setting,
        );
        break;
      default:
        throw new Error(`Response headers policy ${String(config.Name)}: ${key} not emulated`);
    }
  }
  const custom = ((config.CustomHeadersConfig as Json | undefined)?.Items ?? []) as Json[];
  for (const item of custom) add(String(item.Header), flattenCfn(item.Value), item);
  return headers;
}
