/** What a local page is given and answers (local-pages.ts maps paths to pages). */
import type { HttpAnswer } from '../api-gateway';

export interface LocalPageRequest {
  method: string;
  url: URL;
  body: Buffer;
  /** The local API's own origin, for pages that call it back (webhooks). */
  apiUrl: string;
}

export type LocalPage = (request: LocalPageRequest) => Promise<HttpAnswer>;
