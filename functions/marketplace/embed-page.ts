/**
 * The trending embed's page, written by the rank-trending job after each ranking (docs/decisions.md, "Public pages"):
 * the built page the web deployment uploaded, with its vehicles' region filled, put where CloudFront's embed
 * behaviour looks first. Dealer sites' visitors then get the cards in the HTML, before any script runs.
 *
 * Until the web stack has deployed a built page (a new stage whose web stack deploys after the schedules stack)
 * there is nothing to fill: the job says so and writes nothing, and the ranking itself is unaffected.
 */
import { EMBED_BUILT_KEY, EMBED_RENDERED_KEY, fillTrendingEmbed } from '@shared/marketplace/trending-embed';
import type { TrendingVehicle } from '@shared/marketplace/trending';
import { config } from '@functions/lib/config';
import { logger } from '@functions/lib/logger';
import { s3ObjectRequest } from '@functions/lib/s3-objects';

/**
 * As the edge path of GET /marketplace/trending: browsers keep the page a minute, CloudFront five (the job's
 * interval), so a dealer's page is at most a few minutes behind the ranking.
 */
export const EMBED_PAGE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300';

export interface EmbedPageStore {
  /** The built embed page, or null when none was deployed. */
  builtPage(): Promise<string | null>;
  publish(html: string): Promise<void>;
}

/**
 * The site bucket's two embed objects, and only those (the job's role may read the one and write the other). Plain
 * signed requests, not the S3 client: the job needs these two calls only (functions/lib/s3-objects.ts).
 */
export function siteEmbedPageStore(): EmbedPageStore {
  return {
    async builtPage() {
      try {
        return await s3ObjectRequest({ method: 'GET', bucket: config.siteBucket, key: EMBED_BUILT_KEY });
      } catch (error) {
        // The role may not list the bucket, so S3 answers a missing key 403 in AWS (s3rver: 404).
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if ((error as Error).name === 'NoSuchKey' || status === 404 || status === 403) return null;
        throw error;
      }
    },
    async publish(html) {
      await s3ObjectRequest({
        method: 'PUT',
        bucket: config.siteBucket,
        key: EMBED_RENDERED_KEY,
        body: html,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': EMBED_PAGE_CACHE_CONTROL },
      });
    },
  };
}

/** Writes the embed page with `vehicles`; answers whether it did (false: no built page to fill yet). */
export async function publishTrendingEmbed(store: EmbedPageStore, vehicles: readonly TrendingVehicle[]): Promise<boolean> {
  const built = await store.builtPage();
  if (built === null) {
    logger.warn('No built trending embed page in the site bucket yet: the embed page was not written');
    return false;
  }
  await store.publish(fillTrendingEmbed(built, vehicles));
  return true;
}
