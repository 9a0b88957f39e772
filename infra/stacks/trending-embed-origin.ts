/**
 * Where CloudFront's trending embed behaviour reads its page (docs/decisions.md, "Public pages"): first the page the
 * rank-trending job writes with the current vehicles (`rendered/trending-deals-embed.html`, through an origin on the
 * site bucket with the `rendered` origin path), and, while the job has not written one yet (a new stage), the built
 * page the web deployment uploads (`trending-deals-embed.html`), which fetches the vehicles itself. The site bucket
 * lets CloudFront list it, so the missing page is S3's 404, the one status that falls over.
 *
 * The deployment excludes the `rendered/` prefix from its sync (web-stack.ts), so a deploy neither deletes nor
 * overwrites the job's page; the deploy's invalidation of /* makes CloudFront fetch it again.
 */
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { EMBED_RENDERED_PREFIX } from '@shared/marketplace/trending-embed';

/** The status the written page's absence gives (S3 to a reader that may list the bucket). */
export const EMBED_FALLBACK_STATUS_CODES = [404];

/** `access`: the site origin's own (its origin access control and levels), so CloudFront reads both pages alike. */
export function trendingEmbedOrigin(
  siteBucket: IBucket,
  access: origins.S3BucketOriginWithOACProps,
  builtPageOrigin: cloudfront.IOrigin,
): cloudfront.IOrigin {
  const writtenPageOrigin = origins.S3BucketOrigin.withOriginAccessControl(siteBucket, {
    ...access,
    originPath: `/${EMBED_RENDERED_PREFIX}`,
  });
  return new origins.OriginGroup({
    primaryOrigin: writtenPageOrigin,
    fallbackOrigin: builtPageOrigin,
    fallbackStatusCodes: EMBED_FALLBACK_STATUS_CODES,
  });
}
