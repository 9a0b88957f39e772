import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { invitationProblem, isLinkProblem } from './consumer-signup';

const valid = { valid: true, error: null } as const;

describe('invitationProblem', () => {
  it('has nothing to say about a valid invitation, nor while it is being checked', () => {
    expect(invitationProblem('tok', valid, null)).toBeNull();
    expect(invitationProblem('tok', undefined, null)).toBeNull();
  });

  it('says each state of the link in the required words', () => {
    expect(invitationProblem(null, undefined, null)).toBe('No invitation token provided');
    expect(invitationProblem('tok', { valid: false, error: 'token_used' }, null)).toBe('This invitation has already been used');
    expect(invitationProblem('tok', { valid: false, error: 'token_expired' }, null)).toBe('This invitation has expired');
    expect(invitationProblem('tok', { valid: false, error: 'invalid' }, null)).toBe('This invitation link is no longer valid');
  });

  it('reads a token the API refuses outright as no longer valid, and any other failure as a failed check', () => {
    expect(invitationProblem('tok', undefined, new ApiError(400, 'bad_request', 'x'))).toBe(
      'This invitation link is no longer valid',
    );
    expect(invitationProblem('tok', undefined, new ApiError(404, 'not_found', 'x'))).toBe(
      'This invitation link is no longer valid',
    );
    expect(invitationProblem('tok', undefined, new ApiError(0, 'network_error', 'offline'))).toBe('Failed to verify invitation');
    expect(invitationProblem('tok', undefined, new ApiError(500, 'internal', 'boom'))).toBe('Failed to verify invitation');
  });
});

describe('isLinkProblem', () => {
  it('tells a refused accept about the link (used, expired, gone) from one about the form or the account', () => {
    expect(isLinkProblem(new ApiError(409, 'conflict', 'This invitation has already been used'))).toBe(true);
    expect(isLinkProblem(new ApiError(409, 'conflict', 'This invitation has expired'))).toBe(true);
    expect(isLinkProblem(new ApiError(404, 'not_found', 'This invitation link is no longer valid'))).toBe(true);
    expect(isLinkProblem(new ApiError(409, 'conflict', 'An account with this email already exists. Sign in instead.'))).toBe(
      false,
    );
    expect(isLinkProblem(new ApiError(400, 'validation', 'Password must be at least 12 characters'))).toBe(false);
    expect(isLinkProblem(new Error('This invitation has expired'))).toBe(false);
  });
});
