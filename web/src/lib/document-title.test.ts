import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('puts the screen before the app name', () => {
    expect(documentTitle('Sign In')).toBe('Sign In · LeaseDesk');
  });

  it('is the app name alone when the screen has no name', () => {
    expect(documentTitle('')).toBe('LeaseDesk');
    expect(documentTitle('  ')).toBe('LeaseDesk');
    expect(documentTitle()).toBe('LeaseDesk');
  });
});
