/**
 * /credit-application/{token} (public): validates the applicant's link, then shows the deal's embedded e-signature
 * form. Every other state leaves the page: a completed application to its thank-you page, an expired or invalid
 * link and any load failure home with the catalogue's toast (docs/decisions.md, "Credit applications").
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FullScreenSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/lib/document-title';
import { useCreditApplication } from '../api/credit-applications';
import { linkFailureOutcome, linkOutcome, type LinkOutcome } from '../link-outcome';
import styles from './credit-applications.module.css';

export function CreditApplicationPage() {
  const { token = '' } = useParams();
  const application = useCreditApplication(token);
  const outcome: LinkOutcome | undefined = application.data
    ? linkOutcome(token, application.data)
    : application.error
      ? linkFailureOutcome(application.error)
      : undefined;
  useDocumentTitle('Credit Application');
  useLeaveFor(outcome);

  if (outcome?.kind !== 'form') return <FullScreenSpinner label="Checking your application link" />;
  const { vehicle, formUrl } = outcome;
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Credit Application</h1>
          <p className={styles.muted}>
            For your {vehicle.year} {vehicle.make} {vehicle.model}. Complete and sign the form below.
          </p>
        </div>
      </header>
      <iframe className={styles.frame} src={formUrl} title="Credit application form" />
    </main>
  );
}

/** Goes where a redirect outcome says, once, with its toast. */
function useLeaveFor(outcome: LinkOutcome | undefined) {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (outcome?.kind !== 'redirect' || left.current) return;
    left.current = true;
    if (outcome.notice) toast({ ...outcome.notice, variant: 'destructive' });
    void navigate(outcome.to, { replace: true });
  }, [outcome, navigate]);
}
