/** The token of a proposal link's path (`/proposal/{token}`), '' when it has none (the API then answers "invalid"). */
export function proposalTokenOf(pathname: string): string {
  const [, first, token] = pathname.split('/');
  if (first !== 'proposal' || !token) return '';
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}
