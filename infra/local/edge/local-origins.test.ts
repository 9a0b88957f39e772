import { describe, expect, it } from 'vitest';
import { describeStack, TEST_PORTS } from '../config';
import { localContentSecurityPolicy, localOriginMap } from './local-origins';

const info = describeStack(TEST_PORTS);
const deployed = {
  api: '<Output:HttpApiEndpoint>',
  cognito: 'https://cognito-idp.<AWS::Region>.amazonaws.com',
  buckets: {
    dealImages: 'https://leasedesk-prod-deal-images-<AWS::AccountId>-<AWS::Region>.s3.<AWS::Region>.amazonaws.com',
    brokerPhotos: 'https://leasedesk-prod-broker-photos-<AWS::AccountId>-<AWS::Region>.s3.<AWS::Region>.amazonaws.com',
    brokerLicences: 'https://leasedesk-prod-broker-licences-<AWS::AccountId>-<AWS::Region>.s3.<AWS::Region>.amazonaws.com',
  },
  eSignature: ['https://e-signature.example.com'],
};
const origins = localOriginMap(deployed, info);
const origin = (url: string) => new URL(url).origin;

describe("the template's CSP with local origins", () => {
  it("puts each deployed origin's stand-in in its place, once per directive, and keeps the other sources", () => {
    const csp = localContentSecurityPolicy(
      [
        "default-src 'self'",
        `img-src 'self' data: ${deployed.buckets.brokerPhotos}`,
        `connect-src 'self' ${deployed.api} ${deployed.cognito} ${Object.values(deployed.buckets).join(' ')}`,
        `frame-src https://www.youtube.com ${deployed.eSignature[0]}`,
        "frame-ancestors 'none'",
      ].join('; '),
      origins,
    );

    expect(csp).toBe(
      [
        "default-src 'self'",
        `img-src 'self' data: ${origin(info.urls.s3)}`,
        `connect-src 'self' ${origin(info.urls.api)} ${origin(info.urls.cognito)} ${origin(info.urls.s3)}`,
        // The local e-signature stand-in is a page of the local API server.
        `frame-src https://www.youtube.com ${origin(info.urls.api)}`,
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('refuses a deployed origin that has no local stand-in', () => {
    expect(() => localContentSecurityPolicy("connect-src 'self' https://<Ref:Queue>.example.com", origins)).toThrow(
      /connect-src names deployed origins without a local stand-in/,
    );
  });
});
