/**
 * /academy (brokers and admins; the guard turns others away): the overall progress, category tabs over the published
 * content, and the content dialog with Mark as Complete. One API call loads the screen. Admins switch to "Manage
 * content" (?view=manage) to create, edit, publish and order the items.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACADEMY_LOAD_ERROR, type AcademyItem, type AcademyProgressSummary } from '@shared/academy/api';
import { AppShell } from '@web/components/layouts/app-shell';
import { PageHeader } from '@web/components/layouts/page-header';
import { Button, buttonClassName } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/toast';
import { useRequiredUser } from '@web/lib/auth';
import { useDocumentTitle } from '@web/lib/document-title';
import { logger } from '@web/lib/logger';
import { useAcademy, useCompleteAcademyItem } from '../api/academy';
import { AcademyContentDialog } from './academy-content-dialog';
import { AcademyItemCard } from './academy-item-card';
import { AcademyManageView } from './academy-manage-view';
import styles from './academy.module.css';

export function AcademyPage() {
  const user = useRequiredUser();
  const [params, setParams] = useSearchParams();
  const managing = user.role === 'admin' && params.get('view') === 'manage';
  useDocumentTitle(managing ? 'Manage Academy Content' : 'Academy');

  const toggle = () => setParams(managing ? {} : { view: 'manage' });

  return (
    <AppShell>
      <PageHeader
        title={managing ? 'Manage Academy Content' : 'Academy'}
        description={
          managing
            ? 'Create, edit, order and publish the training content brokers see.'
            : 'Broker training: leasing basics, money factor and residuals, credit tiers, compliance and dealers.'
        }
        actions={
          <>
            <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
              Back to Dashboard
            </Link>
            {user.role === 'admin' && (
              <Button variant={managing ? 'secondary' : 'primary'} onClick={toggle}>
                {managing ? 'Back to Academy' : 'Manage content'}
              </Button>
            )}
          </>
        }
      />
      {managing ? <AcademyManageView /> : <AcademyLearnerView />}
    </AppShell>
  );
}

function AcademyLearnerView() {
  const academy = useAcademy();
  const complete = useCompleteAcademyItem();
  const [category, setCategory] = useState<string | undefined>();
  const [openId, setOpenId] = useState<string | undefined>();

  useEffect(() => {
    if (!academy.error) return;
    logger.error('Loading the academy failed', academy.error);
    toast({ title: ACADEMY_LOAD_ERROR, description: academy.error.message, variant: 'destructive' });
  }, [academy.error]);

  // Data first: a reload that fails keeps the content and an open dialog as they are (docs/decisions.md, "Web").
  if (!academy.data && academy.isPending) return <LoadingBlock label="Loading content" />;
  if (!academy.data) {
    return (
      <div className={styles.empty} role="alert">
        <p>{ACADEMY_LOAD_ERROR}</p>
        <Button variant="secondary" onClick={() => void academy.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { categories, items, progress } = academy.data;
  const selected = category && categories.includes(category) ? category : categories[0];
  // The item is read from the cache on every render, so the dialog shows the optimistic and then the saved state.
  const open = items.find((item) => item.id === openId);
  const saving = complete.isPending && complete.variables?.id === openId;

  const onComplete = (item: AcademyItem, answers?: number[]) => {
    // Guarded: a second click while saving, or on a completed item, sends nothing.
    if (item.completed || complete.isPending) return;
    complete.mutate({ id: item.id, answers });
  };

  return (
    <>
      <ProgressBar progress={progress} />
      {categories.length === 0 ? (
        <p className={styles.empty}>No academy content has been published yet.</p>
      ) : (
        // Tabs are keyed by position: a category name (spaces, dots) cannot be part of an element id.
        <Tabs value={String(categories.indexOf(selected!))} onValueChange={(value) => setCategory(categories[Number(value)])}>
          <TabList label="Academy categories">
            {categories.map((name, index) => (
              <Tab key={name} value={String(index)}>
                {name}
              </Tab>
            ))}
          </TabList>
          {categories.map((name, index) => (
            <TabPanel key={name} value={String(index)}>
              <ul className={styles.items} aria-label={`${name} content`}>
                {items
                  .filter((item) => item.category === name)
                  .map((item) => (
                    <AcademyItemCard key={item.id} item={item} onOpen={() => setOpenId(item.id)} />
                  ))}
              </ul>
            </TabPanel>
          ))}
        </Tabs>
      )}
      <AcademyContentDialog
        item={open}
        saving={saving}
        // The grading of the attempt just submitted (a test's), shown on its questions.
        results={complete.data?.contentId === openId ? (complete.data?.results ?? undefined) : undefined}
        onComplete={onComplete}
        onClose={() => setOpenId(undefined)}
      />
    </>
  );
}

function ProgressBar({ progress }: { progress: AcademyProgressSummary }) {
  return (
    <section className={styles.progress} aria-labelledby="academy-progress-title">
      <div className={styles.progressText}>
        <h2 id="academy-progress-title">Your progress</h2>
        <p>
          <strong>{progress.percent}%</strong> · {progress.completed} of {progress.published} completed
        </p>
      </div>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-labelledby="academy-progress-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}% (${progress.completed} of ${progress.published} completed)`}
      >
        <div className={styles.progressFill} style={{ width: `${progress.percent}%` }} />
      </div>
    </section>
  );
}
