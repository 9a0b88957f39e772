import { describe, expect, it } from 'vitest';
import type { DealDetail } from '@shared/deals/api';
import { dealCreateSchema, dealUpdateSchema } from '@shared/deals/schemas';
import { statusesSelectableBy } from '@shared/deals/rules';
import type { MarketplaceVehicleDetail } from '@shared/marketplace/api';
import {
  blankDeal,
  canChooseStatus,
  conciergeFeeAccess,
  createDealBlockedReason,
  dealFromVehicle,
  dealToEdit,
  dealToSave,
  derivedApr,
  statusChoices,
} from './deal-form-values';
import { invalidToast } from './invalid-toast';

const broker = { role: 'broker', userId: 'broker-1', broker: { isApproved: true, isLicensed: true } } as const;

describe('createDealBlockedReason', () => {
  it('lets admins and approved, licensed brokers create deals', () => {
    expect(createDealBlockedReason({ role: 'admin', broker: null })).toBeNull();
    expect(createDealBlockedReason(broker)).toBeNull();
  });

  it('says why a broker waiting for approval, or without a licence, cannot', () => {
    expect(createDealBlockedReason({ role: 'broker', broker: { isApproved: false, isLicensed: true } })).toMatch(/approve/);
    expect(createDealBlockedReason({ role: 'broker', broker: { isApproved: true, isLicensed: false } })).toMatch(/licence/);
  });

  it('refuses dealers and consumers', () => {
    expect(createDealBlockedReason({ role: 'dealer', broker: null })).toBe('Only admins and brokers can create deals.');
    expect(createDealBlockedReason({ role: 'consumer', broker: null })).toBe('Only admins and brokers can create deals.');
  });
});

describe('blankDeal', () => {
  it('starts a lease, available, generic credit form, with the broker creating it as broker', () => {
    const deal = blankDeal({ user: broker, clientId: 'client-1' });
    expect(deal).toMatchObject({
      clientId: 'client-1',
      dealType: 'lease',
      status: 'available',
      creditAppFormType: 'generic',
      brokerId: 'broker-1',
      addToMarketplace: false,
    });
  });

  it("leaves an admin's broker blank, for the server's default", () => {
    expect(blankDeal({ user: { role: 'admin', userId: 'admin-1' } }).brokerId).toBe('');
  });

  it('is refused with "Please fill in all required fields" until the required fields are filled', () => {
    const result = dealCreateSchema.safeParse(blankDeal({ user: broker }));
    expect(result.success).toBe(false);
    // A field shows its first message.
    const firstMessages = new Map<string, string>();
    for (const issue of result.error?.issues ?? []) {
      const path = issue.path.join('.');
      if (!firstMessages.has(path)) firstMessages.set(path, issue.message);
    }
    const required = [
      'clientId',
      'dealershipId',
      'year',
      'make',
      'model',
      'monthlyPayment',
      'downPayment',
      'termMonths',
      'mileageAllowance',
      'apr',
    ];
    expect(Object.fromEntries(firstMessages)).toEqual(
      Object.fromEntries(required.map((path) => [path, 'Please fill in all required fields'])),
    );
  });
});

const vehicle: MarketplaceVehicleDetail = {
  id: 'vehicle-1',
  stockNumber: 'LD-1',
  year: 2026,
  make: 'BMW',
  model: 'X3',
  trim: 'xDrive30i',
  vin: null,
  imageUrl: 'https://cdn.example.com/x3.png',
  msrp: 52000,
  totalDueAtSigning: 3999,
  downPayment: 2500,
  monthlyPayment: 549,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 3.9,
  availableStock: 2,
  expirationDate: '2027-01-31',
  incentives: ['costco'],
  notes: null,
  isArchived: false,
  dealershipId: 'dealership-1',
  brokerId: 'broker-2',
  createdAt: '2026-11-01T00:00:00.000Z',
  viewCount: 0,
  pendingDealCount: 0,
  canEdit: false,
  dealership: { id: 'dealership-1', name: 'Bay Area BMW', location: 'San Jose, CA' },
};

describe('dealFromVehicle', () => {
  it('fills the vehicle, its terms, incentives and dealership, and records the vehicle', () => {
    const deal = dealFromVehicle(blankDeal({ user: broker }), vehicle);
    expect(deal).toMatchObject({
      sourceVehicleId: 'vehicle-1',
      dealershipId: 'dealership-1',
      year: 2026,
      make: 'BMW',
      model: 'X3',
      trim: 'xDrive30i',
      vin: '',
      imageUrl: 'https://cdn.example.com/x3.png',
      monthlyPayment: 549,
      downPayment: 2500,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 3.9,
      incentives: ['costco'],
    });
  });
});

const savedDeal = {
  id: 'deal-1',
  clientId: 'client-1',
  dealershipId: null,
  brokerId: 'broker-1',
  sourceVehicleId: null,
  sourceLeadId: null,
  year: 2025,
  make: 'Honda',
  model: 'Civic',
  trim: null,
  vin: null,
  imageUrl: null,
  dealType: 'lease',
  status: 'not_sold',
  stockNumber: null,
  availableStock: null,
  msrp: null,
  totalDueAtSigning: null,
  monthlyPayment: 299,
  downPayment: 0,
  termMonths: 36,
  mileageAllowance: 12000,
  moneyFactor: 0.00125,
  apr: 3,
  notes: null,
  incentives: ['AAA'],
  expirationDate: null,
  isArchived: false,
  heardAboutUs: 'Referral',
  heardAboutUsReferral: 'Sam',
  heardAboutUsAffinity: null,
  creditScoreRange: '740-799',
  hasTradeIn: false,
  tradeInYear: null,
  tradeInMake: null,
  tradeInModel: null,
  tradeInMileage: null,
  tradeInCondition: null,
  tradeInHasLienholder: false,
  tradeInLienholder: null,
  tradeInPayoffBalance: null,
  brokerFeeDealer: 500,
  brokerFeeClient: null,
  desking: null,
  program: null,
  brokerFeeTotal: 500,
  brokerCommissionAmount: null,
  notSoldReason: 'Not ready to purchase at this time',
  followUpDate: '2026-12-15',
  notSoldNotes: 'Call after the holidays',
  creditAppFormType: 'generic',
  conciergeFee: 0,
  conciergeFeePaid: false,
  dealClosedAt: null,
  leaseStartDate: null,
  maturityDate: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  revision: 3,
} satisfies DealDetail['deal'];

describe('dealToEdit', () => {
  it('fills every field of the edit form from the saved deal, blanks as the inputs hold them', () => {
    const values = dealToEdit({ deal: savedDeal });
    expect(values).toMatchObject({
      clientId: 'client-1',
      dealershipId: '',
      trim: '',
      status: 'not_sold',
      moneyFactor: 0.00125,
      brokerFeeDealer: 500,
      brokerFeeClient: undefined,
      notSoldReason: 'Not ready to purchase at this time',
      followUpDate: '2026-12-15',
    });
  });

  it('gives values the edit schema accepts as they are', () => {
    expect(dealUpdateSchema.safeParse(dealToEdit({ deal: savedDeal })).success).toBe(true);
  });
});

describe('statusChoices', () => {
  it('offers available, pending, active and closed on the create form, closed labelled for admins', () => {
    expect(statusChoices('create')).toEqual([
      { value: 'available', label: 'Available' },
      { value: 'pending', label: 'Pending' },
      { value: 'active', label: 'Active' },
      { value: 'closed', label: 'Closed (Admin Only)' },
    ]);
  });

  it("offers the server's options on the edit form", () => {
    const statusOptions = statusesSelectableBy('admin');
    expect(statusChoices('edit', { statusOptions, current: 'finalized' })).toEqual(statusOptions);
    expect(statusOptions.map((option) => option.label)).toContain('Finalized (Pending Concierge Fee)');
  });

  it("adds the deal's own status when the role could not choose it, so the field is never empty", () => {
    const choices = statusChoices('edit', { statusOptions: statusesSelectableBy('broker'), current: 'finalized' });
    expect(choices.map((choice) => choice.value)).toEqual(['finalized', 'available', 'pending', 'active', 'not_sold']);
  });
});

describe('canChooseStatus', () => {
  it('refuses closed to everyone but admins', () => {
    expect(canChooseStatus('admin', 'closed')).toBe(true);
    expect(canChooseStatus('broker', 'closed')).toBe(false);
    expect(canChooseStatus('dealer', 'closed')).toBe(false);
  });

  it('lets brokers choose not sold, dealers not', () => {
    expect(canChooseStatus('broker', 'not_sold')).toBe(true);
    expect(canChooseStatus('dealer', 'not_sold')).toBe(false);
  });

  it("keeps a deal's own status even when the role could not choose it", () => {
    expect(canChooseStatus('broker', 'finalized', 'finalized')).toBe(true);
  });
});

describe('conciergeFeeAccess', () => {
  it('is typed by admins while the deal is finalized', () => {
    expect(conciergeFeeAccess('admin', 'finalized')).toBe('editable');
  });

  it('is read-only (locked) once closed, and for everyone but admins', () => {
    expect(conciergeFeeAccess('admin', 'closed')).toBe('read-only');
    expect(conciergeFeeAccess('broker', 'finalized')).toBe('read-only');
  });

  it('is not shown for the other statuses', () => {
    expect(conciergeFeeAccess('admin', 'active')).toBe('hidden');
    expect(conciergeFeeAccess('admin', 'not_sold')).toBe('hidden');
  });
});

describe('derivedApr', () => {
  it('is money factor x 2400 to 2 decimals on a lease', () => {
    expect(derivedApr('lease', 0.00125)).toBe(3);
    expect(derivedApr('lease', 0.00211)).toBe(5.06);
  });

  it('leaves the APR typed without a money factor, or when the deal is not a lease', () => {
    expect(derivedApr('lease', undefined)).toBeUndefined();
    expect(derivedApr('lease', Number.NaN)).toBeUndefined();
    expect(derivedApr('finance', 0.00125)).toBeUndefined();
  });
});

describe('dealToSave', () => {
  const terms = {
    dealType: 'lease' as const,
    moneyFactor: 0.002,
    apr: 1,
    heardAboutUs: 'Referral',
    heardAboutUsReferral: 'Sam',
    heardAboutUsAffinity: 'Costco members',
  };

  it("sets a lease's APR from its money factor", () => {
    expect(dealToSave(terms)).toMatchObject({ moneyFactor: 0.002, apr: 4.8 });
  });

  it('drops the money factor of a deal that is not a lease, keeping its typed APR', () => {
    expect(dealToSave({ ...terms, dealType: 'finance' })).toMatchObject({ moneyFactor: null, apr: 1 });
  });

  it('keeps the referrer only for a referral and the affinity program only for that source', () => {
    expect(dealToSave(terms)).toMatchObject({ heardAboutUsReferral: 'Sam', heardAboutUsAffinity: null });
    expect(dealToSave({ ...terms, heardAboutUs: 'Affinity Program' })).toMatchObject({
      heardAboutUsReferral: null,
      heardAboutUsAffinity: 'Costco members',
    });
  });
});

describe('invalidToast', () => {
  it('says "Missing information" with the form\'s sentence when a required field is blank', () => {
    expect(
      invalidToast(
        [
          { name: 'year', message: 'Invalid number' },
          { name: 'make', message: 'Please fill in all required fields' },
        ],
        'Please fill in all required fields',
      ),
    ).toEqual({ title: 'Missing information', description: 'Please fill in all required fields', variant: 'destructive' });
  });

  it("otherwise shows the first field's message", () => {
    expect(invalidToast([{ name: 'vin', message: 'VIN must be 17 characters' }], 'Please fill in all required fields')).toEqual({
      title: 'Please check the form',
      description: 'VIN must be 17 characters',
      variant: 'destructive',
    });
  });
});
