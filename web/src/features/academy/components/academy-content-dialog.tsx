/**
 * The content dialog: an article's text, a video's player or a test's questions, and Mark as Complete. Completing
 * is guarded (one request at a time, the button busy while it runs) and never undone: once completed the button
 * says so and stays disabled.
 */
import type { AcademyItem, CompleteAcademyItemResponse } from '@shared/academy/api';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { ArticleBody } from './article-body';
import { AcademyTestForm } from './academy-test-form';
import { VideoPlayer } from './video-player';
import { itemSummary } from './academy-item-card';

export interface AcademyContentDialogProps {
  item: AcademyItem | undefined;
  saving: boolean;
  /** The grading of the answers this learner just submitted to the test shown, question by question. */
  results?: CompleteAcademyItemResponse['results'] | undefined;
  onComplete: (item: AcademyItem, answers?: number[]) => void;
  onClose: () => void;
}

export function AcademyContentDialog({ item, saving, results, onComplete, onClose }: AcademyContentDialogProps) {
  return (
    <Dialog
      open={item !== undefined}
      onClose={onClose}
      title={item?.title ?? ''}
      description={item ? itemSummary(item) : undefined}
    >
      {item && (
        <>
          {item.description && <p>{item.description}</p>}
          {item.contentType === 'article' && item.content && <ArticleBody text={item.content} />}
          {item.contentType === 'video' && item.videoUrl && <VideoPlayer title={item.title} videoUrl={item.videoUrl} />}
          {item.contentType === 'test' && (
            // Keyed by item so that another test starts with no answers chosen.
            <AcademyTestForm
              key={item.id}
              item={item}
              saving={saving}
              results={results ?? undefined}
              onSubmit={(answers) => onComplete(item, answers)}
            />
          )}
          <DialogActions>
            <Button type="button" variant="secondary" onClick={onClose}>
              Close
            </Button>
            {item.contentType !== 'test' && (
              <Button
                type="button"
                onClick={() => onComplete(item)}
                disabled={item.completed || saving}
                isLoading={saving}
                // The name starts with the visible label (WCAG 2.5.3, label in name), then says which item.
                aria-label={item.completed ? `Completed: ${item.title}` : `Mark as Complete: ${item.title}`}
              >
                {item.completed ? 'Completed' : 'Mark as Complete'}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
