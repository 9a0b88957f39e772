import { describe, expect, it } from 'vitest';
import { viewerRequestFunction, type ViewerRequest } from './viewer-function';

const request = (uri: string): ViewerRequest => ({ method: 'GET', uri, querystring: {}, headers: {}, cookies: {} });

describe('a CloudFront Function run from its source', () => {
  it('returns the request it rewrote', async () => {
    const strip = viewerRequestFunction(
      "function handler(event) { var r = event.request; r.uri = r.uri.replace(/^\\/x(?=\\/)/, ''); return r; }",
      'Strip',
    );

    await expect(strip(request('/x/a/b'))).resolves.toMatchObject({ kind: 'request', request: { uri: '/a/b' } });
  });

  it('returns a response the function answers itself', async () => {
    const redirect = viewerRequestFunction(
      "function handler() { return { statusCode: 301, statusDescription: 'Moved', headers: { location: { value: '/new' } } }; }",
      'Redirect',
    );

    await expect(redirect(request('/old'))).resolves.toEqual({
      kind: 'response',
      statusCode: 301,
      headers: { location: '/new' },
      body: '',
    });
  });

  it("runs without Node's globals, as CloudFront's runtime does", async () => {
    const probe = viewerRequestFunction(
      'function handler(event) { event.request.uri = typeof require + "," + typeof process; return event.request; }',
      'Probe',
    );

    await expect(probe(request('/'))).resolves.toMatchObject({ request: { uri: 'undefined,undefined' } });
  });

  it('stops a function that never returns', async () => {
    // A short guard here: the edge's own (5 s) is for a loaded machine, not for spinning in a unit test.
    const loop = viewerRequestFunction('function handler() { for (;;) {} }', 'Loop', 50);

    await expect(loop(request('/'))).rejects.toThrow(/timed out/);
  });

  it('refuses code without a handler', () => {
    expect(() => viewerRequestFunction('var x = 1;', 'Empty')).toThrow(/defines no handler/);
  });
});
