/**
 * CloudFront's cache-behaviour path patterns: `*` matches any run of characters (slashes included), `?` exactly one,
 * everything else itself, case-sensitively, against the whole path without the query string; the leading slash is
 * optional in a pattern. Behaviours are tried in their template order and the default one (`*`) last.
 */

export function pathPatternMatcher(pattern: string): (path: string) => boolean {
  const normalized = pattern.startsWith('/') ? pattern : `/${pattern}`;
  const source = [...normalized]
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const regex = new RegExp(`^${source}$`, 's');
  return (path) => regex.test(path);
}
