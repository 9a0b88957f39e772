/**
 * The local stand-in for the e-signature provider's embedded form (GET/POST /_local/credit-applications/e-signature,
 * the form URL of every type locally, see local-environment.ts). "Sign and submit" does what the provider does on
 * completion: it posts the signed `application.completed` webhook to the API, server-side, then sends the
 * applicant's whole window (the form runs in the page's iframe, so the form targets `_top`) to the thank-you page.
 */
import { randomUUID } from 'node:crypto';
import { signESignatureBody } from '@functions/credit-applications/signature';
import { readConfig } from '@functions/lib/config';
import { E_SIGNATURE_COMPLETED_EVENT, E_SIGNATURE_SIGNATURE_HEADER } from '@shared/credit-applications/api';
import { creditApplicationThankYouUrl } from '@shared/credit-applications/rules';
import { CREDIT_APP_FORM_TYPE_LABELS, CREDIT_APP_FORM_TYPES, type CreditAppFormType } from '@shared/deals/enums';
import type { HttpAnswer } from '../api-gateway';
import { escapeHtml, htmlPage, redirect } from './html';
import type { LocalPageRequest } from './page';

function formType(value: string | null): CreditAppFormType {
  return (CREDIT_APP_FORM_TYPES as readonly string[]).includes(value ?? '') ? (value as CreditAppFormType) : 'generic';
}

export async function eSignaturePage(request: LocalPageRequest): Promise<HttpAnswer> {
  return request.method === 'POST' ? submit(request) : show(request);
}

function show({ url }: LocalPageRequest): HttpAnswer {
  const type = formType(url.searchParams.get('type'));
  const token = url.searchParams.get('token') ?? '';
  const title = `${CREDIT_APP_FORM_TYPE_LABELS[type]} credit application`;
  const intro = `<p class="badge">Local stand-in for the e-signature provider</p><h1>${escapeHtml(title)}</h1>`;
  if (!token) {
    return htmlPage(
      200,
      title,
      `${intro}<p>This form was opened without an application link (a preview), so nothing is signed or recorded.</p>`,
    );
  }
  return htmlPage(
    200,
    title,
    `${intro}
<form method="post" target="_top">
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <label for="signer">Full legal name</label>
  <input type="text" id="signer" name="signer" autocomplete="name" required>
  <button type="submit">Sign and submit</button>
</form>`,
  );
}

async function submit({ body, apiUrl }: LocalPageRequest): Promise<HttpAnswer> {
  const token = new URLSearchParams(body.toString('utf8')).get('token') ?? '';
  if (!token) return htmlPage(400, 'Missing token', '<h1>Missing token</h1><p>Open the form from an application link.</p>');
  const config = readConfig();
  const secret = config.eSignatureWebhookSecret;
  if (!('value' in secret)) throw new Error('The local e-signature secret must be a value');

  const payload = JSON.stringify({
    id: `local_${randomUUID()}`,
    type: E_SIGNATURE_COMPLETED_EVENT,
    timestamp: Math.floor(Date.now() / 1000),
    token,
  });
  const response = await fetch(`${apiUrl}/webhooks/e-signature`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [E_SIGNATURE_SIGNATURE_HEADER]: signESignatureBody(payload, secret.value) },
    body: payload,
  });
  if (!response.ok) {
    return htmlPage(
      502,
      'Not submitted',
      `<h1>Not submitted</h1><p>The API refused the completion webhook (HTTP ${response.status}).</p>`,
    );
  }
  return redirect(creditApplicationThankYouUrl(token, config.appUrl));
}
