/**
 * Amplify (Auth only), configured from the runtime config and loaded on demand: public pages that never
 * touch the session do not download it (their first-load budget is 100 KB of JavaScript).
 *
 * Every sign-in uses USER_PASSWORD_AUTH (the local Cognito emulator has no SRP); locally the user pool
 * endpoint points at the Cognito compatibility layer.
 */
import { getConfig } from './config';

type AmplifyAuth = typeof import('aws-amplify/auth');

let auth: Promise<AmplifyAuth> | undefined;

export function loadAuth(): Promise<AmplifyAuth> {
  auth ??= Promise.all([import('aws-amplify'), import('aws-amplify/auth')]).then(([{ Amplify }, authModule]) => {
    const config = getConfig();
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
          loginWith: { email: true },
          signUpVerificationMethod: 'code',
        },
      },
    });
    return authModule;
  });
  return auth;
}

export const SIGN_IN_FLOW = { authFlowType: 'USER_PASSWORD_AUTH' } as const;

/**
 * The bearer token of the current session (refreshed by Amplify when expired), or undefined when signed out.
 * It is the ID token: the API's identity contract reads `sub`, `email` and `cognito:groups` from the verified
 * claims, and only the ID token carries `email` (API Gateway's JWT authorizer accepts it through `aud`).
 */
export async function getSessionToken(): Promise<string | undefined> {
  const { fetchAuthSession } = await loadAuth();
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString();
}
