import { describe, expect, it } from 'vitest';
import { carriesResetSecrets, readResetLink } from './reset-link';

const search = (query: string) => new URLSearchParams(query);

describe('readResetLink', () => {
  it('fills e-mail and code from the link of the reset e-mail', () => {
    expect(readResetLink(search('reset=true&email=ann%40leasedesk.com&code=123456'))).toEqual({
      email: 'ann@leasedesk.com',
      code: '123456',
    });
  });

  it('keeps a "+" of an e-mail address that the link encodes', () => {
    expect(readResetLink(search(`reset=true&email=${encodeURIComponent('ann+deals@leasedesk.com')}&code=1`))?.email).toBe(
      'ann+deals@leasedesk.com',
    );
  });

  it('opens the form empty for reset=true without parameters', () => {
    expect(readResetLink(search('reset=true'))).toEqual({ email: '', code: '' });
  });

  it('takes the e-mail remembered in history state after "Send Reset Email"', () => {
    expect(readResetLink(search('reset=true'), { email: 'ann@leasedesk.com' })).toEqual({ email: 'ann@leasedesk.com', code: '' });
  });

  it('remembers where the code was texted (an account whose code goes to its phone)', () => {
    expect(readResetLink(search('reset=true'), { email: 'ann@example.com', textedTo: '+*******2671' })).toEqual({
      email: 'ann@example.com',
      code: '',
      textedTo: '+*******2671',
    });
  });

  it('prefers the link over history state', () => {
    expect(readResetLink(search('reset=true&email=bob%40leasedesk.com'), { email: 'ann@leasedesk.com' })?.email).toBe(
      'bob@leasedesk.com',
    );
  });

  it.each(['', 'reset=false', 'reset=TRUE', 'email=ann%40leasedesk.com&code=1'])('does not open the form for %j', (query) => {
    expect(readResetLink(search(query))).toBeUndefined();
  });

  it('trims the values and drops one too long to be an e-mail or a code', () => {
    expect(readResetLink(search(`reset=true&email=${'a'.repeat(400)}&code=%20123456%20`))).toEqual({ email: '', code: '123456' });
  });

  it('ignores history state that is not what the page stored', () => {
    expect(readResetLink(search('reset=true'), { email: 42 })).toEqual({ email: '', code: '' });
    expect(readResetLink(search('reset=true'), 'ann@leasedesk.com')).toEqual({ email: '', code: '' });
  });
});

describe('carriesResetSecrets', () => {
  it('is true when the URL holds the e-mail or the code', () => {
    expect(carriesResetSecrets(search('reset=true&code=1'))).toBe(true);
    expect(carriesResetSecrets(search('reset=true&email=a%40b.c'))).toBe(true);
    expect(carriesResetSecrets(search('reset=true'))).toBe(false);
  });
});
