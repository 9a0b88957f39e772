/**
 * The credit application card (hidden from consumers and once the deal is finalized or closed; the page asks the
 * API's `showsCreditApplication`): copies the deal's form link, creating it on first use, then says "Link Copied"
 * for 3 seconds. The link stays visible in a read-only field, so it can be copied by hand when the browser refuses.
 */
import { useEffect, useId, useState } from 'react';
import { LINK_COPIED_INDICATOR_MS } from '@shared/constants';
import type { CreditApplicationLink } from '@shared/deals/api';
import { CREDIT_APP_FORM_TYPE_LABELS, type CreditAppFormType } from '@shared/deals/enums';
import { formatDate } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { useCopyCreditApplicationLink, useRegenerateCreditApplicationLink } from '../api/credit-application-link';
import styles from './deals.module.css';

const LINK_STATUS_TEXT: Record<CreditApplicationLink['status'], string> = {
  valid: 'Valid until',
  expired: 'Expired on',
  completed: 'Completed',
  invalid: 'No longer valid',
};

export function CreditApplicationCard({
  dealId,
  formType,
  link,
  canRegenerate = false,
}: {
  dealId: string;
  formType: CreditAppFormType;
  link: CreditApplicationLink | null;
  /** The deal's broker and admins may replace its link (the old one is revoked at once): the API's answer. */
  canRegenerate?: boolean;
}) {
  const ids = useId();
  const [copied, setCopied] = useState(false);
  const copy = useCopyCreditApplicationLink(dealId, { onCopied: () => setCopied(true) });
  const regenerate = useRegenerateCreditApplicationLink(dealId);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), LINK_COPIED_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <Card as="section" aria-labelledby={`${ids}-title`}>
      <CardHeader>
        <CardTitle id={`${ids}-title`}>Credit Application</CardTitle>
        <CardDescription>{CREDIT_APP_FORM_TYPE_LABELS[formType]} form</CardDescription>
      </CardHeader>
      <CardContent className={styles.column}>
        {link ? (
          <>
            <label htmlFor={`${ids}-link`} className="visually-hidden">
              Credit application link
            </label>
            <div className={styles.linkRow}>
              <Input id={`${ids}-link`} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
            </div>
            <p className={styles.muted}>
              {LINK_STATUS_TEXT[link.status]}
              {link.status === 'valid' || link.status === 'expired' ? ` ${formatDate(link.expiresAt)}` : ''}
            </p>
          </>
        ) : (
          <p className={styles.muted}>Send the client a link to fill in the credit application.</p>
        )}
        <div className={styles.linkActions}>
          <Button variant={copied ? 'secondary' : 'primary'} isLoading={copy.isPending} onClick={() => copy.mutate(link)}>
            {copied ? 'Link Copied' : 'Copy Form Link'}
          </Button>
          {link && canRegenerate && (
            <Button variant="ghost" isLoading={regenerate.isPending} onClick={() => regenerate.mutate()}>
              Regenerate Link
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
