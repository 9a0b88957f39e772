/**
 * The admins' "Manage content" view: every item, drafts too, in the learners' order (category, then order index),
 * with a publish switch, move up and down within its category, edit and delete, and a button to create an item.
 * The counts say how many items learners see and how many users have started.
 */
import { useEffect, useState } from 'react';
import { ACADEMY_LOAD_ERROR, type AdminAcademyItem } from '@shared/academy/api';
import { ACADEMY_CONTENT_TYPE_LABELS } from '@shared/academy/enums';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { logger } from '@web/lib/logger';
import { useAdminAcademy, useDeleteAcademyContent, useReorderAcademy, useUpdateAcademyContent } from '../api/academy';
import { moveWithinCategory } from '../manage-order';
import { AcademyContentFormDialog } from './academy-content-form-dialog';
import tableStyles from '@web/components/ui/table.module.css';
import styles from './academy.module.css';

type Editing = { mode: 'create' } | { mode: 'edit'; item: AdminAcademyItem } | null;

export function AcademyManageView() {
  const list = useAdminAcademy();
  const update = useUpdateAcademyContent();
  const reorder = useReorderAcademy();
  const remove = useDeleteAcademyContent();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminAcademyItem | null>(null);

  useEffect(() => {
    if (!list.error) return;
    logger.error('Loading the academy content failed', list.error);
    toast({ title: ACADEMY_LOAD_ERROR, description: list.error.message, variant: 'destructive' });
  }, [list.error]);

  // Data first: a reload that fails keeps the content and an open dialog as they are (docs/decisions.md, "Web").
  if (!list.data && list.isPending) return <LoadingBlock label="Loading content" />;
  if (!list.data) {
    return (
      <div className={styles.empty} role="alert">
        <p>{ACADEMY_LOAD_ERROR}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { items, published, learners } = list.data;
  const busy = update.isPending || reorder.isPending || remove.isPending;

  const move = (item: AdminAcademyItem, direction: -1 | 1) => {
    const ids = moveWithinCategory(items, item.id, direction);
    if (ids) reorder.mutate({ category: item.category, ids });
  };

  const togglePublished = (item: AdminAcademyItem) =>
    update.mutate(
      { id: item.id, changes: { isPublished: !item.isPublished } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.isPublished ? 'Content published' : 'Content unpublished',
            description: saved.isPublished ? `${saved.title} is now shown to brokers.` : `${saved.title} is now a draft.`,
            variant: 'success',
          }),
      },
    );

  return (
    <>
      <div className={styles.manageBar}>
        <ul className={styles.counts} aria-label="Academy figures">
          <li>
            <strong>{items.length}</strong> items
          </li>
          <li>
            <strong>{published}</strong> published
          </li>
          <li>
            <strong>{learners}</strong> academy users
          </li>
        </ul>
        <Button onClick={() => setEditing({ mode: 'create' })}>New content</Button>
      </div>

      {items.length === 0 ? (
        <p className={styles.empty}>No academy content yet. Create the first item.</p>
      ) : (
        <div className={tableStyles.tableWrap} aria-busy={busy || list.isFetching}>
          <table className={tableStyles.table}>
            <caption className="visually-hidden">Academy content, by category and order</caption>
            <thead>
              <tr>
                {['Order', 'Title', 'Category', 'Type', 'Duration', 'Published', 'Actions'].map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const siblings = items.filter((other) => other.category === item.category);
                const position = siblings.indexOf(item);
                return (
                  <tr key={item.id}>
                    <td>
                      <div className={styles.moveButtons}>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={busy || position === 0}
                          onClick={() => move(item, -1)}
                          aria-label={`Move ${item.title} up`}
                        >
                          <span aria-hidden="true">↑</span>
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={busy || position === siblings.length - 1}
                          onClick={() => move(item, 1)}
                          aria-label={`Move ${item.title} down`}
                        >
                          <span aria-hidden="true">↓</span>
                        </Button>
                      </div>
                    </td>
                    <th scope="row">{item.title}</th>
                    <td>{item.category}</td>
                    <td>{ACADEMY_CONTENT_TYPE_LABELS[item.contentType]}</td>
                    <td>{item.durationMinutes ? `${item.durationMinutes} min` : '—'}</td>
                    <td>
                      <div className={styles.publishCell}>
                        <button
                          type="button"
                          role="switch"
                          aria-checked={item.isPublished}
                          aria-label={`Published: ${item.title}`}
                          className={styles.switch}
                          disabled={busy}
                          onClick={() => togglePublished(item)}
                        >
                          <span className={styles.switchThumb} aria-hidden="true" />
                        </button>
                        <Badge variant={item.isPublished ? 'success' : 'neutral'}>
                          {item.isPublished ? 'Published' : 'Draft'}
                        </Badge>
                      </div>
                    </td>
                    <td>
                      <div className={styles.rowActions}>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setEditing({ mode: 'edit', item })}
                          aria-label={`Edit ${item.title}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="destructive"
                          onClick={() => setDeleting(item)}
                          aria-label={`Delete ${item.title}`}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <AcademyContentFormDialog
        open={editing !== null}
        item={editing?.mode === 'edit' ? editing.item : undefined}
        categories={list.data.categories}
        onClose={() => setEditing(null)}
      />
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Content"
        description={`Are you sure you want to delete "${deleting?.title ?? ''}"? Brokers' completions of it will no longer count. This action cannot be undone.`}
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            isLoading={remove.isPending}
            onClick={() => {
              if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
