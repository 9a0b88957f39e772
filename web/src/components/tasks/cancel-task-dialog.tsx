/**
 * "Cancel task" asks first (a cancelled task leaves every open list; /tasks can reopen it). Guarded from the first
 * click; a 409 says the task changed and the lists read again.
 */
import { TASK_CANCEL_CONFIRM, TASK_CANCELLED_MESSAGE, TASK_RELOADED_MESSAGE, type TaskItem } from '@shared/tasks/api';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { useSingleFlight } from '@web/lib/use-single-flight';
import { isStaleTask, useChangeTaskStatus } from './tasks-api';
import styles from './tasks.module.css';

/** `task`: the task to cancel; null keeps the dialog closed. */
export function CancelTaskDialog({ task, onClose }: { task: TaskItem | null; onClose: () => void }) {
  const change = useChangeTaskStatus();
  const confirm = useSingleFlight(async () => {
    if (!task) return;
    try {
      await change.mutateAsync({ task, status: 'cancelled' });
      toast({ title: TASK_CANCELLED_MESSAGE, description: task.title, variant: 'success' });
    } catch (error) {
      const description = isStaleTask(error) ? TASK_RELOADED_MESSAGE : (error as Error).message;
      toast({ title: 'Error', description, variant: 'destructive' });
    }
    onClose();
  });
  return (
    <Dialog open={task !== null} onClose={onClose} title="Cancel task" description={TASK_CANCEL_CONFIRM}>
      {task && <p className={styles.confirmTitle}>{task.title}</p>}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Keep task
        </Button>
        <Button variant="destructive" isLoading={change.isPending} disabled={change.isPending} onClick={() => void confirm()}>
          Cancel task
        </Button>
      </DialogActions>
    </Dialog>
  );
}
