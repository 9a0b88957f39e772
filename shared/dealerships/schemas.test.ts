import { describe, expect, it } from 'vitest';
import {
  completeWebsite,
  DEALERSHIP_MESSAGES,
  dealerContactSchema,
  dealershipSchema,
  newDealershipDialogSchema,
} from './schemas';

type Parsed = { error?: { issues: { message: string }[] } };
const firstMessage = (result: Parsed) => result.error?.issues[0]?.message;
const valid = { name: 'Sunset Toyota', location: 'Los Angeles, CA' };

describe('dealershipSchema', () => {
  it('stores blank optional fields as null', () => {
    expect(
      dealershipSchema.parse({
        ...valid,
        contactName: '',
        contactEmail: ' ',
        contactPhone: '',
        leadEmail: '',
        website: '',
        responseTimeHours: null,
      }),
    ).toEqual({
      ...valid,
      contactName: null,
      contactEmail: null,
      contactPhone: null,
      leadEmail: null,
      website: null,
      responseTimeHours: null,
      successRate: null,
      notes: null,
    });
  });

  it.each([
    [{ name: '' }, 'Name and location are required'],
    [{ location: '  ' }, 'Name and location are required'],
    [{ name: 'n'.repeat(101) }, DEALERSHIP_MESSAGES.nameTooLong],
    [{ location: 'l'.repeat(201) }, DEALERSHIP_MESSAGES.locationTooLong],
    [{ contactName: 'c'.repeat(101) }, DEALERSHIP_MESSAGES.contactNameTooLong],
    [{ contactEmail: 'sales' }, 'Invalid email address'],
    [{ contactPhone: 'call us' }, 'Invalid phone number format'],
    [{ website: 'sunset toyota' }, DEALERSHIP_MESSAGES.website],
    [{ website: 'ftp://sunset.com' }, DEALERSHIP_MESSAGES.website],
    [{ website: 'sunsettoyota' }, DEALERSHIP_MESSAGES.website],
    [{ website: 'https://sunset toyota.com' }, DEALERSHIP_MESSAGES.website],
    [{ successRate: -0.01 }, DEALERSHIP_MESSAGES.successRate],
    [{ successRate: 100.01 }, DEALERSHIP_MESSAGES.successRate],
    [{ successRate: 50.123 }, DEALERSHIP_MESSAGES.successRate],
    [{ responseTimeHours: -0.1 }, DEALERSHIP_MESSAGES.responseTime],
    [{ responseTimeHours: 1.25 }, DEALERSHIP_MESSAGES.responseTime],
    [{ notes: 'n'.repeat(2001) }, DEALERSHIP_MESSAGES.notesTooLong],
  ])('rejects %j with %j', (change, message) => {
    expect(firstMessage(dealershipSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it.each([
    [{ name: 'n'.repeat(100) }],
    [{ location: 'l'.repeat(200) }],
    [{ contactName: 'c'.repeat(100) }],
    [{ successRate: 0 }],
    [{ successRate: 100 }],
    [{ successRate: 87.55 }],
    [{ responseTimeHours: 0 }],
    [{ responseTimeHours: 2.5 }],
    [{ website: 'https://sunsettoyota.com' }],
    [{ contactEmail: 'Sales@SunsetToyota.com' }],
  ])('accepts the edge %j', (change) => {
    expect(dealershipSchema.safeParse({ ...valid, ...change }).success).toBe(true);
  });
});

describe('website', () => {
  it.each([
    ['sunsettoyota.com', 'https://sunsettoyota.com'],
    ['  www.sunsettoyota.com/offers ', 'https://www.sunsettoyota.com/offers'],
    ['http://sunsettoyota.com', 'http://sunsettoyota.com'],
    ['HTTPS://SunsetToyota.com', 'HTTPS://SunsetToyota.com'],
  ])('completes %j to %j instead of refusing it', (typed, stored) => {
    expect(dealershipSchema.parse({ ...valid, website: typed }).website).toBe(stored);
  });

  it('leaves blank and non-text values to the schema', () => {
    expect(completeWebsite('  ')).toBe('');
    expect(completeWebsite(null)).toBeNull();
    expect(completeWebsite('dealer.com')).toBe('https://dealer.com');
  });
});

describe('newDealershipDialogSchema', () => {
  it('needs name and location', () => {
    expect(newDealershipDialogSchema.parse({ ...valid, contactName: 'Sam' })).toEqual({ ...valid, contactName: 'Sam' });
    expect(firstMessage(newDealershipDialogSchema.safeParse({ name: 'Sunset Toyota' }))).toBe(
      'Please provide dealership name and location',
    );
  });
});

describe('dealerContactSchema', () => {
  it('needs a name of at most 100 characters', () => {
    expect(firstMessage(dealerContactSchema.safeParse({ name: '' }))).toBe('Contact name is required');
    expect(firstMessage(dealerContactSchema.safeParse({ name: 'n'.repeat(101) }))).toBe(DEALERSHIP_MESSAGES.contactNameTooLong);
    expect(dealerContactSchema.parse({ name: 'n'.repeat(100) })).toEqual({
      name: 'n'.repeat(100),
      licenseNumber: null,
    });
  });

  it('takes a licence number of at most 50 characters', () => {
    expect(dealerContactSchema.safeParse({ name: 'Sam', licenseNumber: 'L'.repeat(50) }).success).toBe(true);
    expect(firstMessage(dealerContactSchema.safeParse({ name: 'Sam', licenseNumber: 'L'.repeat(51) }))).toBe(
      DEALERSHIP_MESSAGES.licenseNumberTooLong,
    );
  });
});

describe('dealership names and notes', () => {
  it.each([
    [{ name: 'Sunset\u202E Toyota' }, 'Name cannot contain control or text-direction characters'],
    [{ location: 'Los Angeles\u0000' }, 'Location cannot contain control or text-direction characters'],
    [{ contactName: 'Ann\u2066 Lee' }, 'Contact name cannot contain control or text-direction characters'],
  ])('refuses %j, naming the field', (change, message) => {
    expect(firstMessage(dealershipSchema.safeParse({ ...valid, ...change }))).toBe(message);
    expect(firstMessage(newDealershipDialogSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('refuses them in a dealer contact’s name and strips them from the notes', () => {
    expect(firstMessage(dealerContactSchema.safeParse({ name: 'Dana\u202D' }))).toBe(
      'Contact name cannot contain control or text-direction characters',
    );
    expect(dealershipSchema.parse({ ...valid, notes: 'Open\u202E Sundays\n\u0007' }).notes).toBe('Open Sundays');
  });
});
