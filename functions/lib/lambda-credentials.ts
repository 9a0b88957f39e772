/**
 * Bundled in place of `@aws-sdk/credential-provider-node` in every Lambda bundle (an esbuild alias, see
 * infra/constructs/lambda-bundle.ts). In Lambda the credentials of the function's role are always in the
 * environment, so the default chain's other providers (SSO, INI files, process, web identity, IMDS and the STS
 * and SSO clients they bring: about 95 KB) are dead weight at cold start. Same contract as the SDK's `fromEnv`.
 * Code run outside a bundle (tests, the local stack, scripts) keeps the SDK's full default chain.
 */
interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export const defaultProvider = () => async (): Promise<AwsCredentials> => {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  const expiry = process.env.AWS_CREDENTIAL_EXPIRATION;
  if (!accessKeyId || !secretAccessKey)
    throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  return {
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    ...(expiry ? { expiration: new Date(expiry) } : {}),
  };
};
