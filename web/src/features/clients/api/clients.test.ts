import { describe, expect, it } from 'vitest';
import { clientListPath } from './clients';

describe('clientListPath', () => {
  it('asks for the first page of every client when nothing is searched', () => {
    expect(clientListPath('   ')).toBe('/clients');
  });

  it('sends the trimmed search as q and continues a search with its cursor, both encoded', () => {
    expect(clientListPath('  maya o’neil ')).toBe('/clients?q=maya+o%E2%80%99neil');
    expect(clientListPath('maya', 'eyJrIjoiQSZCIn0=')).toBe('/clients?q=maya&cursor=eyJrIjoiQSZCIn0%3D');
  });
});
