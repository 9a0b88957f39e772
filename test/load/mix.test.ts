import { describe, expect, it } from 'vitest';
import { findRoute } from '@shared/api/routes';
import { hasSourceLimit, LOAD_MIX, mixOf, parseRouteSets, ROUTE_SETS, rotationFor, weightedSequence } from './mix';

describe('the load mix', () => {
  it('adds up to 100 requests per cycle, over routes that exist in the route table', () => {
    // Act
    const total = LOAD_MIX.reduce((sum, kind) => sum + kind.weight, 0);

    // Assert
    expect(total).toBe(100);
    for (const kind of LOAD_MIX) expect(findRoute(kind.routeKey), kind.routeKey).toBeDefined();
    expect(new Set(LOAD_MIX.map((kind) => kind.name)).size).toBe(LOAD_MIX.length);
  });

  it('sends each kind as often as its weight says, and never two of one kind in a row when another could go between', () => {
    // Arrange
    const weights = [5, 3, 2];

    // Act
    const sequence = weightedSequence(weights);

    // Assert
    expect(sequence).toHaveLength(10);
    expect(weights.map((_, index) => sequence.filter((chosen) => chosen === index).length)).toEqual(weights);
    expect(sequence).toEqual([0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
  });

  it('spreads the real mix: no kind more than twice in a row in a cycle', () => {
    // Act
    const sequence = weightedSequence(LOAD_MIX.map((kind) => kind.weight));

    // Assert
    const longestRun = sequence.reduce(
      (state, chosen, index) => {
        const run = index > 0 && sequence[index - 1] === chosen ? state.run + 1 : 1;
        return { run, longest: Math.max(state.longest, run) };
      },
      { run: 0, longest: 0 },
    ).longest;
    expect(longestRun).toBeLessThanOrEqual(2);
  });

  it('leaves out kinds of weight 0 and rejects weights that are not whole numbers', () => {
    expect(weightedSequence([0, 2])).toEqual([1, 1]);
    expect(() => weightedSequence([1.5])).toThrow('Weights are whole numbers');
  });

  it('starts each connection at its own point of the cycle, keeping the cycle whole', () => {
    // Arrange
    const cycle = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

    // Act
    const starts = [0, 1, 2, 3].map((connection) => rotationFor(cycle, connection, 4));

    // Assert
    expect(starts.map((rotation) => rotation[0])).toEqual(['a', 'c', 'e', 'g']);
    for (const rotation of starts) expect([...rotation].sort()).toEqual(cycle);
  });

  it('chooses route sets by name, every set by default, and names the sets on a typo', () => {
    expect(parseRouteSets(undefined)).toEqual([...ROUTE_SETS]);
    expect(parseRouteSets('leads, screens')).toEqual(['screens', 'leads']);
    expect(mixOf(['quotes']).map((kind) => kind.name)).toEqual(['POST /quote-requests']);
    expect(() => parseRouteSets('screens,lead')).toThrow(
      'Unknown route set lead; choose from screens, marketplace, quotes, leads',
    );
  });

  it('expects 429s only from routes with a per-source limit', () => {
    expect(hasSourceLimit('POST /quote-requests')).toBe(true);
    expect(hasSourceLimit('GET /deals')).toBe(false);
    expect(() => hasSourceLimit('GET /nowhere')).toThrow('No route GET /nowhere');
  });
});
