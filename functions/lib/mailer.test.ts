import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { escapeHtml } from './html';
import { createMailer, sendable } from './mailer';

const ses = mockClient(SESv2Client);
const email = { to: 'client@example.com', subject: 'Invitation', text: 'Hello' };

describe('sendEmail', () => {
  afterEach(() => ses.reset());

  it('returns the failure instead of throwing when SES refuses', async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));

    const result = await createMailer(new SESv2Client({ region: 'us-east-1' }), () => 'no-reply@leasedesk.com').sendEmail(email);

    expect(result).toEqual({ ok: false, error: 'MessageRejected: Email address is not verified.', retryable: false });
  });

  it('says a failure of SES itself (throttled, down, unreachable) may be retried, a refusal of the message may not', async () => {
    ses
      .on(SendEmailCommand)
      .rejectsOnce(Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'TooManyRequestsException' }))
      .rejectsOnce(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }));
    const mailer = createMailer(new SESv2Client({ region: 'us-east-1' }), () => 'no-reply@leasedesk.com');

    expect(await mailer.sendEmail(email)).toMatchObject({ ok: false, retryable: true });
    expect(await mailer.sendEmail(email)).toMatchObject({ ok: false, retryable: true });
  });

  it('sends from the configured address and returns the message id', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });

    const result = await createMailer(new SESv2Client({ region: 'us-east-1' }), () => 'no-reply@leasedesk.com').sendEmail(email);

    expect(result).toEqual({ ok: true, messageId: 'm-1' });
    expect(ses.commandCalls(SendEmailCommand)[0].args[0].input).toMatchObject({
      FromEmailAddress: 'no-reply@leasedesk.com',
      Destination: { ToAddresses: ['client@example.com'] },
    });
  });

  it('sends attachments as simple content attachments (a task reminder calendar file), and none when there are none', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
    const mailer = createMailer(new SESv2Client({ region: 'us-east-1' }), () => 'no-reply@leasedesk.com');

    await mailer.sendEmail({
      ...email,
      attachments: [{ fileName: 'task-1.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
    await mailer.sendEmail(email);

    const [withFile, without] = ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input);
    const attachment = withFile!.Content!.Simple!.Attachments![0]!;
    expect(attachment).toMatchObject({ FileName: 'task-1.ics', ContentType: 'text/calendar', ContentDisposition: 'ATTACHMENT' });
    expect(new TextDecoder().decode(attachment.RawContent)).toBe('BEGIN:VCALENDAR');
    expect(without!.Content!.Simple!.Attachments).toBeUndefined();
  });

  it('sends no raw U+2028 or U+2029: a space in the subject, a line break in the text, a reference in the HTML', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-3' });
    const name = 'Ann\u2028Bcc: x@evil.example\u2029Lee';

    await createMailer(new SESv2Client({ region: 'us-east-1' }), () => 'no-reply@leasedesk.com').sendEmail({
      to: 'client@example.com',
      subject: `Hello ${name}\r\nX-Injected: 1`,
      text: `Hello ${name}`,
      html: `<p>Hello ${name}</p>`,
    });

    const sent = ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content!.Simple!;
    expect(sent.Subject!.Data).toBe('Hello Ann Bcc: x@evil.example Lee X-Injected: 1');
    expect(sent.Body!.Text!.Data).toBe('Hello Ann\nBcc: x@evil.example\nLee');
    expect(sent.Body!.Html!.Data).toBe('<p>Hello Ann&#8232;Bcc: x@evil.example&#8233;Lee</p>');
    expect(JSON.stringify(sent)).not.toMatch(/[\u2028\u2029]/);
  });

  it('escapes the line and paragraph separators with the HTML characters, and leaves a message without them as it is', () => {
    expect(escapeHtml('<b>"Ann" & \'Lee\'</b>\u2028\u2029')).toBe(
      '&lt;b&gt;&quot;Ann&quot; &amp; &#39;Lee&#39;&lt;/b&gt;&#8232;&#8233;',
    );
    expect(sendable(email)).toEqual(email);
  });
});
