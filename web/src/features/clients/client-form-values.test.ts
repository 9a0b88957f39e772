import { describe, expect, it } from 'vitest';
import type { ClientView } from '@shared/clients/api';
import { clientSchema } from '@shared/clients/schemas';
import { clientFormValues } from './client-form-values';

const stored: ClientView = {
  id: '01JCLIENT0000000000000000A',
  fullName: "Maya O'Neil",
  email: 'maya@example.com',
  phone: '+15035550100',
  address: '12 Pine St, Bend, OR',
  creditScore: 742,
  dateOfBirth: '1988-04-09',
  preferredMakes: ['Toyota', 'BMW'],
  notes: null,
  profileId: 'broker-sub',
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('clientFormValues', () => {
  it('starts a new client from blanks that the schema refuses with the form message', () => {
    const result = clientSchema.safeParse(clientFormValues());

    // Each field shows its first message.
    const firstMessages = new Map<string, string>();
    for (const { path, message } of result.error?.issues ?? []) {
      if (!firstMessages.has(path.join('.'))) firstMessages.set(path.join('.'), message);
    }
    expect(result.success).toBe(false);
    expect(Object.fromEntries(firstMessages)).toEqual({
      fullName: 'Name and email are required',
      email: 'Name and email are required',
    });
  });

  it('shows a stored client with its makes as comma-separated text, which saves back to the same values', () => {
    const values = clientFormValues(stored);

    expect(values.preferredMakes).toBe('Toyota, BMW');
    expect(values.notes).toBe('');
    expect(clientSchema.parse(values)).toEqual({
      fullName: "Maya O'Neil",
      email: 'maya@example.com',
      phone: '+15035550100',
      address: '12 Pine St, Bend, OR',
      creditScore: 742,
      dateOfBirth: '1988-04-09',
      preferredMakes: ['Toyota', 'BMW'],
      notes: null,
    });
  });
});
