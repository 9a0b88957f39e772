import { describe, expect, it } from 'vitest';
import { resetSentToast } from './password-reset';

describe('resetSentToast', () => {
  it('keeps the required words when the reset link was e-mailed', () => {
    expect(resetSentToast({ medium: 'EMAIL' })).toEqual({
      title: 'Password reset email sent!',
      description: 'Check your email for a password reset link.',
    });
  });

  it('says where the code was texted when it went to the verified phone', () => {
    expect(resetSentToast({ medium: 'SMS', destination: '+*******2671' })).toEqual({
      title: 'Password reset code sent!',
      description: 'Check your phone: we texted a reset code to +*******2671.',
    });
  });
});
