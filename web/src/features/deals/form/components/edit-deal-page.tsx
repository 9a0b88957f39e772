/**
 * /deals/{id}/edit (docs/decisions.md, "Deal form"): the deal form over the saved deal, saved whole on the revision
 * it loaded. Cancel returns to the detail, as does a save ("Deal updated successfully"). A save over someone
 * else's (409) shows the server's message and keeps everything typed. A deal that cannot be loaded toasts "Error
 * loading deal" and goes to /deals; one the caller may not edit goes back to its detail.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { DealDetail } from '@shared/deals/api';
import type { DealUpdate } from '@shared/deals/schemas';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import { useDeal } from '@web/features/deals/api/get-deal';
import { useUpdateDeal } from '../api/save-deal';
import { saveErrorToast } from '../save-error-toast';
import { DealForm } from './deal-form';

export function EditDealPage() {
  useDocumentTitle('Edit Deal');
  const { id = '' } = useParams();
  const deal = useDeal(id);
  const navigate = useNavigate();
  const cannotEdit = deal.data !== undefined && !deal.data.canEdit;
  // Only a first load that fails leaves: once the form is shown, a reload that fails (a reconnect on a busy
  // server) keeps it and what was typed (docs/decisions.md, "Web").
  const failed = deal.isError && deal.data === undefined;

  useEffect(() => {
    if (failed) {
      toast({ title: 'Error loading deal', description: deal.error.message, variant: 'destructive' });
      void navigate('/deals', { replace: true });
    } else if (cannotEdit) {
      toast({ title: 'Error loading deal', description: 'You cannot edit this deal.', variant: 'destructive' });
      void navigate(`/deals/${encodeURIComponent(id)}`, { replace: true });
    }
  }, [failed, deal.error, cannotEdit, id, navigate]);

  if (deal.data === undefined || cannotEdit) {
    return (
      <AppShell>
        <LoadingBlock label="Loading deal" />
      </AppShell>
    );
  }
  return <EditDeal detail={deal.data} />;
}

function EditDeal({ detail: shown }: { detail: DealDetail }) {
  // The deal as the form loaded it: its values and its revision stay those of the first load, so a reload meanwhile
  // neither re-seeds the form nor lets the save pass over a change made since (the 409 says so instead).
  const [detail] = useState(shown);
  const user = useRequiredUser();
  const navigate = useNavigate();
  const { deal } = detail;
  const update = useUpdateDeal(deal.id);
  const back = `/deals/${encodeURIComponent(deal.id)}`;

  const save = async (values: DealUpdate) => {
    try {
      await update.mutateAsync({ ...values, revision: deal.revision });
      toast({
        title: 'Deal updated successfully',
        description: `${values.year} ${values.make} ${values.model}`,
        variant: 'success',
      });
      await navigate(back);
    } catch (error) {
      // A 409 (saved by someone else meanwhile) lands here too: its message says to reload; nothing typed is lost.
      toast(saveErrorToast(error, 'Error updating deal'));
      throw error;
    }
  };

  return (
    <AppShell>
      <PageHeader
        title={`Edit ${deal.year} ${deal.make} ${deal.model}`}
        actions={
          <Link to={back} className={buttonClassName({ variant: 'secondary' })}>
            Back to Deal
          </Link>
        }
      />
      <DealForm mode="edit" user={user} detail={detail} cancelTo={back} onSave={save} />
    </AppShell>
  );
}
