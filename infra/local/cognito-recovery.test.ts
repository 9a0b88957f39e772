import { describe, expect, it } from 'vitest';
import { ACCOUNT_RECOVERY_MECHANISMS, maskedDestination, recoveryDelivery } from './cognito-recovery';

const attributes = (values: Record<string, string>) => Object.entries(values).map(([Name, Value]) => ({ Name, Value }));

describe('recoveryDelivery: where a forgotten-password code goes', () => {
  it('sends to a verified e-mail first', () => {
    expect(
      recoveryDelivery(
        ACCOUNT_RECOVERY_MECHANISMS,
        attributes({
          email: 'a@example.com',
          email_verified: 'true',
          phone_number: '+14155552671',
          phone_number_verified: 'true',
        }),
      ),
    ).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'a@example.com' });
  });

  it('texts a verified phone when the e-mail is not verified (an SMS-invited consumer)', () => {
    expect(
      recoveryDelivery(
        ACCOUNT_RECOVERY_MECHANISMS,
        attributes({
          email: 'a@example.com',
          email_verified: 'false',
          phone_number: '+14155552671',
          phone_number_verified: 'true',
        }),
      ),
    ).toEqual({ AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: '+14155552671' });
  });

  it('sends nothing when neither is verified, or the pool allows only the e-mail', () => {
    expect(
      recoveryDelivery(ACCOUNT_RECOVERY_MECHANISMS, attributes({ email: 'a@example.com', phone_number: '+14155552671' })),
    ).toBeNull();
    expect(
      recoveryDelivery(
        [{ Name: 'verified_email', Priority: 1 }],
        attributes({ email: 'a@example.com', phone_number: '+14155552671', phone_number_verified: 'true' }),
      ),
    ).toBeNull();
  });

  it('follows the priorities, whatever their order in the setting', () => {
    const phoneFirst = [
      { Name: 'verified_email', Priority: 2 },
      { Name: 'verified_phone_number', Priority: 1 },
    ] as const;
    expect(
      recoveryDelivery(
        phoneFirst,
        attributes({
          email: 'a@example.com',
          email_verified: 'true',
          phone_number: '+14155552671',
          phone_number_verified: 'true',
        }),
      )?.DeliveryMedium,
    ).toBe('SMS');
  });
});

describe('maskedDestination', () => {
  it('shows the last four digits of a phone and the first letters of an e-mail', () => {
    expect(maskedDestination({ AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: '+14155552671' })).toBe(
      '+*******2671',
    );
    expect(maskedDestination({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'casey@example.com' })).toBe(
      'c***@e***',
    );
  });
});
