/**
 * POST /auth/signup-licence through the local API from one source address: the route's per-source limit
 * (route table `sourceLimit`) refuses a caller who has used up the window, in the one error shape, without
 * touching anyone else's allowance. The requests come from their own loopback address (127.0.0.x) so that the
 * rest of the suite, calling from 127.0.0.1, keeps its own allowance.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { findRoute } from '@shared/api/routes';
import { getStack } from '@test/support/stack';

const limit = findRoute('POST /auth/signup-licence')!.sourceLimit!;

/** POSTs an empty sign-up licence request from `localAddress`. */
function post(localAddress: string): Promise<{ status: number; headers: Record<string, unknown>; body: unknown }> {
  const url = new URL('/auth/signup-licence', getStack().urls.api);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as unknown }));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

/** A loopback address no other test run of this file used in the current window. */
const source = () => `127.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 2}`;

describe('POST /auth/signup-licence per-source limit', () => {
  it(`answers the first ${limit.requests} requests of a source in a window and refuses the next with 429 and Retry-After`, async () => {
    const caller = source();
    const answers = [];
    for (let i = 0; i < limit.requests; i++) answers.push(await post(caller));

    const refused = await post(caller);

    // The allowed ones reach validation (an empty body is a 400), the limit is counted before it.
    expect(answers.map((answer) => answer.status)).toEqual(Array(limit.requests).fill(400));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'too_many_requests', message: 'Too many requests. Please try again later.' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(limit.windowSeconds);
  });

  it('does not refuse another source meanwhile', async () => {
    const flooder = source();
    for (let i = 0; i <= limit.requests; i++) await post(flooder);

    expect((await post(source())).status).toBe(400);
  });
});
