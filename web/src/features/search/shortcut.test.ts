import { describe, expect, it } from 'vitest';
import { opensSearch } from './shortcut';

const key = (overrides: Partial<Parameters<typeof opensSearch>[0]>) => ({
  key: 'k',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  target: null,
  ...overrides,
});

describe('the search shortcut', () => {
  it('is Ctrl+K or Cmd+K', () => {
    expect(opensSearch(key({ ctrlKey: true }))).toBe(true);
    expect(opensSearch(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(opensSearch(key({}))).toBe(false);
    expect(opensSearch(key({ ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('is "/" outside a field', () => {
    expect(opensSearch(key({ key: '/' }))).toBe(true);
    expect(opensSearch(key({ key: '/', ctrlKey: true }))).toBe(false);
    expect(opensSearch(key({ key: '/', target: { tagName: 'INPUT' } as unknown as EventTarget }))).toBe(false);
    expect(opensSearch(key({ key: '/', target: { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget }))).toBe(
      false,
    );
    expect(opensSearch(key({ key: '/', target: { tagName: 'BUTTON' } as unknown as EventTarget }))).toBe(true);
  });
});
