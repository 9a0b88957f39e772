import { describe, expect, it } from 'vitest';
import { viewSessionId } from './view-session';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('view session id', () => {
  it('is kept for the browser session, so a reload and the second record count once', () => {
    const storage = memoryStorage();
    const first = viewSessionId(storage);
    expect(viewSessionId(storage)).toBe(first);
  });

  it('is a new random id in another session, in the form the API accepts', () => {
    const id = viewSessionId(memoryStorage());
    expect(id).not.toBe(viewSessionId(memoryStorage()));
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('still gives an id when storage refuses to keep it', () => {
    const id = viewSessionId({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });
});
