/**
 * Signing in as a demo user in a test that is not about signing in. The first such sign-in of each user in a test
 * file goes through the sign-in page, as a person would; the session it leaves (Amplify keeps it in the origin's
 * localStorage under "CognitoIdentityServiceProvider.") is then kept, and later tests of the file put it into
 * their own fresh context and open the user's start page, instead of typing the same credentials again.
 *
 * Either way the test starts on the user's start page, or on `path` when it names one (a stored session opens it
 * straight away: a start page nobody looks at is a page load of CPU on the two-core CI machine), signed in as that
 * user, with nothing else carried over: only the session's own keys are copied (not, say, the deals view a test
 * chose). Sessions are kept for the shard's files, as its module registry is (vitest.config.ts, the stack project).
 * The sign-in page itself is tested by sign-in.test.ts and auth.test.ts.
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '@infra/local/config';
import { expectPath, signIn } from './browser';

const SESSION_KEY_PREFIX = 'CognitoIdentityServiceProvider.';
/** A file the dev server serves as is: a same-origin document to write the session from, without starting the app. */
const BLANK_SAME_ORIGIN_PATH = '/favicon.svg';

const sessions = new Map<DemoUserKey, [string, string][]>();

/** Where the app lands a signed-in user. */
export function startPathOf(key: DemoUserKey): string {
  return key === 'dealer' ? '/dashboard' : '/';
}

/**
 * Signs `page` (a fresh context) in as the demo user, then opens `path` when given (as `page.goto` does, the caller
 * waits for what it expects there), or else waits for the user's start page.
 */
export async function signInAs(page: Page, key: DemoUserKey, path?: string): Promise<void> {
  const stored = sessions.get(key);
  if (stored) {
    await page.goto(BLANK_SAME_ORIGIN_PATH);
    await page.evaluate((entries) => {
      for (const [name, value] of entries) window.localStorage.setItem(name, value);
    }, stored);
    await page.goto(path ?? startPathOf(key));
    if (!path) await expectPath(page, startPathOf(key));
    return;
  }
  const user = DEMO_USERS.find((demo) => demo.key === key);
  if (!user) throw new Error(`No demo user ${key}`);
  await signIn(page, user.email, DEMO_PASSWORD);
  await expectPath(page, startPathOf(key));
  const session = await page.evaluate(
    (prefix) => Object.entries(window.localStorage).filter(([name]) => name.startsWith(prefix)),
    SESSION_KEY_PREFIX,
  );
  if (!session.some(([name]) => name.endsWith('.idToken')))
    throw new Error(`No Amplify session in localStorage after signing in as ${key}`);
  sessions.set(key, session);
  if (path) await page.goto(path);
}
