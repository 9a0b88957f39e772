/**
 * A client's tasks (clients have no page of their own: docs/decisions.md, "Tasks"): the "Tasks" row action and the
 * link of a client-linked task (/clients?tasks=<id>) open this dialog with the client's open tasks
 * (GET /tasks/of/client/{id}), "Add task" linked to the client, and each task's Mark done, Edit and Cancel task.
 */
import { RecordTasksPanel } from '@web/components/tasks/record-tasks';
import { Dialog } from '@web/components/ui/dialog';

export interface ClientTasksDialogProps {
  /** The client whose tasks are shown (its name once known); null while closed. */
  client: { id: string; fullName: string | null } | null;
  onClose: () => void;
}

export function ClientTasksDialog({ client, onClose }: ClientTasksDialogProps) {
  return (
    <Dialog
      open={client !== null}
      onClose={onClose}
      title="Tasks"
      description={client?.fullName ? `Open tasks of ${client.fullName}` : 'Open tasks of this client'}
    >
      {client && <RecordTasksPanel key={client.id} kind="client" id={client.id} />}
    </Dialog>
  );
}
