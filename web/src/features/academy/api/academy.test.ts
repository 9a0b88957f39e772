import { describe, expect, it } from 'vitest';
import type { AcademyItem, AcademyResponse } from '@shared/academy/api';
import { withCompleted, withCompletion } from './academy';

const item = (id: string, completed = false): AcademyItem => ({
  id,
  title: id,
  description: null,
  category: 'A',
  contentType: 'article',
  orderIndex: 10,
  durationMinutes: null,
  content: 'Text',
  videoUrl: null,
  questions: null,
  completed,
  score: null,
  completedAt: null,
});

const screen: AcademyResponse = {
  categories: ['A'],
  items: [item('a1', true), item('a2'), item('a3')],
  progress: { completed: 1, published: 3, percent: 33 },
};

describe('withCompleted (the optimistic step of Mark as Complete)', () => {
  it('marks the item completed and moves the progress by one, rounded', () => {
    const next = withCompleted(screen, 'a2');

    expect(next.items.map((shown) => shown.completed)).toEqual([true, true, false]);
    expect(next.progress).toEqual({ completed: 2, published: 3, percent: 67 });
  });

  it('changes nothing for an item already completed or not on the screen', () => {
    expect(withCompleted(screen, 'a1')).toBe(screen);
    expect(withCompleted(screen, 'zz')).toBe(screen);
  });
});

describe('withCompletion (the server answered)', () => {
  it("takes the server's score, time and progress", () => {
    const next = withCompletion(withCompleted(screen, 'a2'), {
      contentId: 'a2',
      completed: true,
      score: 80,
      completedAt: '2026-03-02T12:00:00.000Z',
      firstCompletion: true,
      progress: { completed: 2, published: 4, percent: 50 },
      results: null,
    });

    expect(next.items[1]).toMatchObject({ completed: true, score: 80, completedAt: '2026-03-02T12:00:00.000Z' });
    expect(next.progress).toEqual({ completed: 2, published: 4, percent: 50 });
  });
});
