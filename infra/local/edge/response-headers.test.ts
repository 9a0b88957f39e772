import { describe, expect, it } from 'vitest';
import { policyHeaders } from './response-headers';

describe('a response headers policy', () => {
  it('gives the security headers and the custom ones, with the CSP made local', () => {
    const headers = policyHeaders(
      {
        Name: 'app',
        SecurityHeadersConfig: {
          ContentSecurityPolicy: {
            ContentSecurityPolicy: { 'Fn::Join': ['', ["connect-src 'self' ", { Ref: 'AWS::Region' }]] },
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: false },
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
        },
        CustomHeadersConfig: { Items: [{ Header: 'Permissions-Policy', Value: 'camera=()', Override: true }] },
      },
      (csp) => csp.replace('<AWS::Region>', 'http://local'),
    );

    expect(headers).toEqual([
      { name: 'Content-Security-Policy', value: "connect-src 'self' http://local", override: true },
      { name: 'X-Content-Type-Options', value: 'nosniff', override: true },
      { name: 'X-Frame-Options', value: 'DENY', override: true },
      { name: 'Referrer-Policy', value: 'strict-origin-when-cross-origin', override: false },
      { name: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains', override: true },
      { name: 'Permissions-Policy', value: 'camera=()', override: true },
    ]);
  });

  it('refuses what the local edge does not emulate rather than leave it out', () => {
    expect(() => policyHeaders({ Name: 'cors', CorsConfig: {} }, (csp) => csp)).toThrow(/CorsConfig not emulated/);
    expect(() => policyHeaders({ Name: 'xss', SecurityHeadersConfig: { XSSProtection: {} } }, (csp) => csp)).toThrow(
      /XSSProtection not emulated/,
    );
  });
});
