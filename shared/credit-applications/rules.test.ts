import { describe, expect, it } from 'vitest';
import {
  creditApplicationThankYouUrl,
  creditApplicationUrl,
  eSignatureFormUrl,
  isCreditApplicationToken,
  linkState,
  mayRegenerateCreditApplicationLink,
} from './rules';

const NOW = new Date('2026-05-01T12:00:00.000Z');

describe('a credit application link state', () => {
  it('reads a stored valid link as expired from its date on', () => {
    expect(linkState({ status: 'valid', validUntil: '2026-05-01T12:00:01.000Z' }, NOW)).toBe('valid');
    expect(linkState({ status: 'valid', validUntil: '2026-05-01T12:00:00.000Z' }, NOW)).toBe('expired');
  });

  it('keeps completed and revoked (invalid) links as they are, whatever the date', () => {
    expect(linkState({ status: 'completed', validUntil: '2020-01-01T00:00:00.000Z' }, NOW)).toBe('completed');
    expect(linkState({ status: 'invalid', validUntil: '2030-01-01T00:00:00.000Z' }, NOW)).toBe('invalid');
  });
});

describe('a credit application token', () => {
  it('is 22 base64url characters (128 bits); anything else names no link', () => {
    expect(isCreditApplicationToken(Buffer.alloc(16, 255).toString('base64url'))).toBe(true);
    expect(isCreditApplicationToken('AAAAAAAAAAAAAAAAAAAAA')).toBe(false);
    expect(isCreditApplicationToken('AAAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
    expect(isCreditApplicationToken('AAAAAAAAAAAAAAAAAAAA/=')).toBe(false);
  });
});

describe('the embedded e-signature form URL', () => {
  it('adds the type and token to the configured URL and keeps its own query (the embed flag)', () => {
    const url = new URL(eSignatureFormUrl('https://sign.example.com/forms/credit?embed=true', { type: 'bmwfs', token: 'tok' }));

    expect(url.origin + url.pathname).toBe('https://sign.example.com/forms/credit');
    expect(Object.fromEntries(url.searchParams)).toEqual({ embed: 'true', type: 'bmwfs', token: 'tok' });
  });

  it('carries the deal instead of a token for the embed page', () => {
    const url = new URL(eSignatureFormUrl('https://sign.example.com/f', { type: 'generic', dealId: '01DEAL' }));

    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'generic', dealId: '01DEAL' });
  });
});

describe("a credit application link's pages", () => {
  it("are the applicant's page on the staff app, and its thank-you page", () => {
    const token = Buffer.alloc(16, 7).toString('base64url');

    expect(creditApplicationUrl(token, 'https://app.example.com')).toBe(`https://app.example.com/credit-application/${token}`);
    expect(creditApplicationThankYouUrl(token, 'https://app.example.com')).toBe(
      `https://app.example.com/credit-application/${token}/thank-you`,
    );
  });

  it('are paths on the current origin without one, the token escaped', () => {
    expect(creditApplicationUrl('abc')).toBe('/credit-application/abc');
    expect(creditApplicationThankYouUrl('a b/c')).toBe('/credit-application/a%20b%2Fc/thank-you');
  });
});

describe("who may regenerate a deal's link", () => {
  const deal = { brokerId: 'broker-1' };

  it("is the deal's broker or an admin", () => {
    expect(mayRegenerateCreditApplicationLink({ userId: 'broker-1', role: 'broker' }, deal)).toBe(true);
    expect(mayRegenerateCreditApplicationLink({ userId: 'admin-1', role: 'admin' }, deal)).toBe(true);
  });

  it("is not another broker, nor a dealer of the deal's dealership", () => {
    expect(mayRegenerateCreditApplicationLink({ userId: 'broker-2', role: 'broker' }, deal)).toBe(false);
    expect(mayRegenerateCreditApplicationLink({ userId: 'dealer-1', role: 'dealer' }, deal)).toBe(false);
  });
});
