import { beforeEach, describe, expect, it, vi } from 'vitest';

const confetti = vi.hoisted(() => Object.assign(vi.fn(), { reset: vi.fn() }));
const create = vi.hoisted(() => vi.fn(() => confetti));
vi.mock('canvas-confetti', () => ({ default: { create } }));

const { CONFETTI_TICKS, celebrate } = await import('./confetti');

function view(reducedMotion: boolean) {
  const timers: (() => void)[] = [];
  return {
    matchMedia: (query: string) => ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)' }),
    setTimeout: (callback: () => void, ms: number) => (timers.push(callback), ms),
    clearTimeout: vi.fn(),
    runTimers: () => timers.forEach((callback) => callback()),
  } as unknown as Window & { runTimers: () => void };
}

describe('the thank-you confetti', () => {
  beforeEach(() => {
    confetti.mockClear();
    confetti.reset.mockClear();
  });

  it('throws 50 pieces that fall for 3 seconds, then clears them', () => {
    const page = view(false);

    celebrate(page);

    expect(confetti).toHaveBeenCalledTimes(1);
    expect(confetti.mock.calls[0]![0]).toMatchObject({ particleCount: 50, ticks: CONFETTI_TICKS });
    expect(CONFETTI_TICKS).toBe(180);
    page.runTimers();
    expect(confetti.reset).toHaveBeenCalled();
  });

  it('animates on the page itself, not in a blob: Worker the CSP refuses', () => {
    celebrate(view(false));

    expect(create).toHaveBeenCalledWith(undefined, expect.objectContaining({ useWorker: false }));
  });

  it('throws none for a visitor who asks for reduced motion', () => {
    celebrate(view(true));

    expect(confetti).not.toHaveBeenCalled();
  });
});
