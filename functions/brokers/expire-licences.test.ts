import { describe, expect, it } from 'vitest';
import { isLicenceDue, licenceExpiredEmails } from './expire-licences';

describe('whether a licence is due to be un-licensed', () => {
  const TODAY = '2026-05-01';

  it.each([
    [{ isLicensed: true, licenseExpirationDate: '2026-04-30' }, true],
    [{ isLicensed: true, licenseExpirationDate: '2020-01-01' }, true],
    // Valid through its expiration date: not due on that day.
    [{ isLicensed: true, licenseExpirationDate: '2026-05-01' }, false],
    [{ isLicensed: true, licenseExpirationDate: '2026-05-02' }, false],
    [{ isLicensed: false, licenseExpirationDate: '2026-04-30' }, false],
    [{ isLicensed: true, licenseExpirationDate: undefined }, false],
    [{ isLicensed: undefined, licenseExpirationDate: '2026-04-30' }, false],
  ])('%j on 2026-05-01: %s', (profile, due) => {
    expect(isLicenceDue(profile, TODAY)).toBe(due);
  });
});

describe('the e-mails of an expired licence', () => {
  const profile = {
    fullName: 'Blake Rivera',
    email: 'blake@leasedesk.com',
    licenseNumber: 'CA-DL-0042917',
    licenseExpirationDate: '2026-04-30',
  };

  it('tells the broker what expired, when, what it means and where to upload the renewal', () => {
    const { toBroker } = licenceExpiredEmails(profile, 'https://app.leasedesk.com/');

    expect(toBroker.subject).toBe('Your broker licence has expired');
    expect(toBroker.text).toContain('Hi Blake Rivera,');
    expect(toBroker.text).toContain('licence CA-DL-0042917 on file with LeaseDesk expired on 04/30/2026');
    expect(toBroker.text).toContain('cannot\ncreate or edit deals');
    expect(toBroker.text).toContain('https://app.leasedesk.com/profile');
  });

  it('tells the admins who, which licence and where to review', () => {
    const { toAdmins } = licenceExpiredEmails(profile, 'https://app.leasedesk.com');

    expect(toAdmins.subject).toBe('Broker licence expired: Blake Rivera');
    expect(toAdmins.text).toContain('The licence CA-DL-0042917 of Blake Rivera (blake@leasedesk.com) expired on 04/30/2026.');
    expect(toAdmins.text).toContain('https://app.leasedesk.com/admin/brokers');
  });

  it('reads well without a name or a licence number', () => {
    const { toAdmins } = licenceExpiredEmails({ ...profile, fullName: undefined, licenseNumber: undefined }, 'https://a.b');

    expect(toAdmins.subject).toBe('Broker licence expired: blake@leasedesk.com');
    expect(toAdmins.text).toMatch(/^The licence of blake@leasedesk.com/);
  });
});
