import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fileSeconds, partitionBySeconds } from './sequencer';

describe('the stack shards', () => {
  it('puts every file in exactly one shard', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (files, count) => {
          const shards = partitionBySeconds(files, (file) => file.length, count);
          expect(shards).toHaveLength(count);
          expect(shards.flat().sort()).toEqual([...files].sort());
        },
      ),
    );
  });

  it('balances by seconds, not by file count: the longest file alone against the many short ones', () => {
    const seconds: Record<string, number> = { long: 90, a: 20, b: 20, c: 20, d: 20, e: 5 };
    const [first, second] = partitionBySeconds(Object.keys(seconds), (file) => seconds[file]!, 2);
    const total = (files: string[]) => files.reduce((sum, file) => sum + seconds[file]!, 0);
    expect([first, second].map(total).sort()).toEqual([85, 90]);
  });

  it('gives every shard the same files whichever shard asks (the order of the input does not matter)', () => {
    const files = ['test/e2e/a.test.ts', 'functions/x/api.int.test.ts', 'test/e2e/b.test.ts', 'test/api/c.test.ts'];
    const seconds = fileSeconds({ 'test/e2e/a.test.ts': 30 });
    expect(partitionBySeconds([...files].reverse(), seconds, 2)).toEqual(partitionBySeconds(files, seconds, 2));
  });

  it('keeps the files of a group in one shard', () => {
    const files = ['a', 'b', 'c', 'd'];
    const shards = partitionBySeconds(files, () => 10, 2, [['a', 'd']]);
    expect(shards.find((shard) => shard.includes('a'))).toContain('d');
    expect(shards.map((shard) => shard.length)).toEqual([2, 2]);
  });

  it('weighs a file missing from the table as its kind usually takes', () => {
    const seconds = fileSeconds({ 'test/e2e/known.test.ts': 42 });
    expect(seconds('test/e2e/known.test.ts')).toBe(42);
    expect(seconds('test/e2e/new.test.ts')).toBe(15);
    expect(seconds('functions/new/api.int.test.ts')).toBe(3);
  });
});
