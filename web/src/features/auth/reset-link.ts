/**
 * The password-reset link. The reset e-mail (Cognito's CustomMessage trigger) links to
 * `/auth?reset=true&email=<e-mail>&code=<code>`; the step after "Send Reset Email" opens `/auth?reset=true`
 * with the e-mail in history state. Either way the new-password form opens, filled with what is known.
 */

export interface ResetLink {
  email: string;
  code: string;
  /** Where the code was texted (masked by Cognito), when it went to the account's phone rather than its e-mail. */
  textedTo?: string;
}

/** Long enough for any e-mail address and any Cognito code; a longer value is not ours and is dropped. */
const MAX_PARAM_LENGTH = 320;

function param(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text.length <= MAX_PARAM_LENGTH ? text : '';
}

/** The new-password form's starting values, or undefined when the URL does not ask for it (`reset` is not "true"). */
export function readResetLink(search: URLSearchParams, state?: unknown): ResetLink | undefined {
  if (search.get('reset') !== 'true') return undefined;
  const remembered = (typeof state === 'object' && state !== null ? state : {}) as {
    email?: unknown;
    code?: unknown;
    textedTo?: unknown;
  };
  const fromState = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const textedTo = param(fromState(remembered.textedTo));
  return {
    email: param(search.get('email') ?? fromState(remembered.email)),
    code: param(search.get('code') ?? fromState(remembered.code)),
    ...(textedTo ? { textedTo } : {}),
  };
}

/** Whether the URL itself carries the e-mail or code, which the page then moves into history state (out of logs and Referer headers). */
export function carriesResetSecrets(search: URLSearchParams): boolean {
  return search.has('email') || search.has('code');
}
