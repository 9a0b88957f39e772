/**
 * From the stage's origins to the local stack's: the one place that says which local server stands in for which
 * deployed host, so the local edge can serve the template's Content-Security-Policy with local origins in it.
 *
 *   deployed (template)                                    local stand-in
 *   the HTTP API (ApiStack's endpoint output)          ->  the local API server (same routes, same handlers)
 *   https://cognito-idp.<region>.amazonaws.com         ->  the Cognito compatibility layer (config.json's cognitoEndpoint)
 *   https://<upload bucket>.s3.<region>.amazonaws.com  ->  s3rver, which serves every bucket path-style on one origin
 *   the e-signature provider (creditAppFormUrl)        ->  the local e-signature stand-in (local-environment.ts)
 *
 * Sources that name no deployed origin ('self', data:, the academy's video players...) are kept as they are. A
 * source that still holds a deploy-time reference after the mapping is a deployed origin with no local stand-in:
 * an error, so that a new host added to the CSP cannot pass the local suite unmapped.
 */
import type { StackInfo } from '../config';
import { creditApplicationsLocalEnvironment } from '../pages/local-environment';
import type { DeployedOrigins } from './distribution';
import { hasPlaceholder } from './template-values';

const originOf = (url: string) => new URL(url).origin;

export function localOriginMap(deployed: DeployedOrigins, info: StackInfo): Map<string, string> {
  const eSignatureStandIns = new Set(
    Object.entries(creditApplicationsLocalEnvironment(info))
      .filter(([name]) => name.startsWith('CREDIT_APP_FORM_URL_'))
      .map(([, url]) => originOf(url)),
  );
  if (eSignatureStandIns.size !== 1) throw new Error('The local credit-application forms are expected on one origin');
  const [eSignature] = eSignatureStandIns;
  return new Map<string, string>([
    [deployed.api, originOf(info.urls.api)],
    [deployed.cognito, originOf(info.urls.cognito)],
    ...Object.values(deployed.buckets).map((bucket): [string, string] => [bucket, originOf(info.urls.s3)]),
    ...deployed.eSignature.map((origin): [string, string] => [origin, eSignature!]),
  ]);
}

/** The template's CSP (flattened) with each deployed origin replaced by its stand-in; each source once per directive. */
export function localContentSecurityPolicy(templateCsp: string, origins: ReadonlyMap<string, string>): string {
  return templateCsp
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      const local = sources.map((source) => origins.get(source) ?? source);
      const unmapped = local.filter(hasPlaceholder);
      if (unmapped.length > 0) throw new Error(`${name!} names deployed origins without a local stand-in: ${unmapped.join(' ')}`);
      return [name, ...new Set(local)].join(' ');
    })
    .join('; ');
}
