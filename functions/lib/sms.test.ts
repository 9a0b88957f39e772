import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsSender, toE164 } from './sms';

const sns = mockClient(SNSClient);

describe('toE164', () => {
  it.each([
    ['4155552671', '+14155552671'],
    ['14155552671', '+14155552671'],
    ['+14155552671', '+14155552671'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s -> %s', (phone, e164) => {
    expect(toE164(phone)).toBe(e164);
  });
});

describe('sendSms', () => {
  afterEach(() => sns.reset());

  it('publishes a transactional text to the number in E.164 and returns the message id', async () => {
    sns.on(PublishCommand).resolves({ MessageId: 'sms-1' });

    const result = await createSmsSender(new SNSClient({ region: 'us-east-1' })).sendSms({ to: '4155552671', text: 'Hi' });

    expect(result).toEqual({ ok: true, messageId: 'sms-1' });
    expect(sns.commandCalls(PublishCommand)[0]!.args[0].input).toMatchObject({
      PhoneNumber: '+14155552671',
      Message: 'Hi',
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    });
  });

  it('returns the failure instead of throwing when SNS refuses', async () => {
    sns.on(PublishCommand).rejects(Object.assign(new Error('Phone number is opted out'), { name: 'InvalidParameterException' }));

    const result = await createSmsSender(new SNSClient({ region: 'us-east-1' })).sendSms({ to: '4155552671', text: 'Hi' });

    expect(result).toEqual({ ok: false, error: 'InvalidParameterException: Phone number is opted out', retryable: false });
  });
});
