/**
 * /credit-application/embed?type=&dealId= (public): the embedded credit form of a form type (mbfs, bmwfs, generic;
 * generic when absent or unknown), an Open in New Tab action, and Back to the deal, or to the previous page.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CREDIT_APP_FORM_TYPE_LABELS, CREDIT_APP_FORM_TYPES, type CreditAppFormType } from '@shared/deals/enums';
import { UNABLE_TO_LOAD_TRY_AGAIN_MESSAGE } from '@shared/credit-applications/api';
import { Button, buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { useDocumentTitle } from '@web/lib/document-title';
import { useCreditApplicationForm } from '../api/credit-applications';
import styles from './credit-applications.module.css';

function formTypeOf(value: string | null): CreditAppFormType {
  return (CREDIT_APP_FORM_TYPES as readonly string[]).includes(value ?? '') ? (value as CreditAppFormType) : 'generic';
}

export function CreditApplicationEmbedPage() {
  const [search] = useSearchParams();
  const type = formTypeOf(search.get('type'));
  const dealId = search.get('dealId') || undefined;
  const form = useCreditApplicationForm(type, dealId);
  const navigate = useNavigate();
  useDocumentTitle('Credit Application');

  const back = dealId ? (
    <Link to={`/deals/${encodeURIComponent(dealId)}`} className={buttonClassName({ variant: 'secondary' })}>
      Back to Deal
    </Link>
  ) : (
    <Button variant="secondary" onClick={() => void navigate(-1)}>
      Back
    </Button>
  );

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Credit Application</h1>
          <p className={styles.muted}>{CREDIT_APP_FORM_TYPE_LABELS[type]} form</p>
        </div>
        <div className={styles.actions}>
          {back}
          {form.data && (
            <a href={form.data.formUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName()}>
              Open in New Tab
            </a>
          )}
        </div>
      </header>
      {form.isPending && <LoadingBlock label="Loading the form" />}
      {form.isError && (
        <p role="alert" className={styles.muted}>
          {UNABLE_TO_LOAD_TRY_AGAIN_MESSAGE}
        </p>
      )}
      {form.data && <iframe className={styles.frame} src={form.data.formUrl} title="Credit application form" />}
    </main>
  );
}
