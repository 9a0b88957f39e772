/**
 * An admin's dealer logins of one dealership: the list, removing one (access ends at once) and adding one, whose
 * temporary password Cognito e-mails; the dealer sets their own password at first sign-in.
 */
import { createDealerUserRequestSchema, type DealershipView } from '@shared/dealerships/api';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Form, SubmitButton, TextField, useZodForm } from '@web/components/ui/form';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useAddDealerUser, useDealerUsers, useRemoveDealerUser } from '../api/dealerships';
import styles from './dealerships.module.css';

export function DealerUsersDialog({ dealership, onClose }: { dealership: DealershipView | null; onClose: () => void }) {
  return (
    <Dialog
      open={dealership !== null}
      onClose={onClose}
      title={dealership ? `Dealer logins: ${dealership.name}` : 'Dealer logins'}
      description="Dealers see this dealership's deals and marketplace vehicles."
    >
      {dealership && <DealerUsers dealership={dealership} />}
    </Dialog>
  );
}

function DealerUsers({ dealership }: { dealership: DealershipView }) {
  const dealers = useDealerUsers(dealership.id);
  const remove = useRemoveDealerUser(dealership.id);
  const form = useZodForm(createDealerUserRequestSchema, { defaultValues: { name: '', email: '', licenseNumber: '' } });
  const add = useAddDealerUser(dealership.id, { onSuccess: () => form.reset() });

  return (
    <div className={styles.dealers}>
      {dealers.isPending ? (
        <LoadingBlock label="Loading dealer logins" />
      ) : dealers.error ? (
        <p role="alert">Dealer logins could not be loaded: {dealers.error.message}</p>
      ) : dealers.data.dealers.length === 0 ? (
        <p className={styles.muted}>No dealer logins yet.</p>
      ) : (
        <ul className={styles.dealerList} aria-label="Dealer logins">
          {dealers.data.dealers.map((dealer) => (
            <li key={dealer.userId} className={styles.dealerRow}>
              <span>
                <strong>{dealer.name}</strong> {dealer.email}
                {dealer.licenseNumber && <span className={styles.muted}> · Licence {dealer.licenseNumber}</span>}
              </span>
              <Button
                variant="destructive"
                size="sm"
                isLoading={remove.isPending && remove.variables === dealer.userId}
                onClick={() => remove.mutate(dealer.userId)}
                aria-label={`Remove ${dealer.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subheading}>Add a dealer login</h3>
      <Form
        form={form}
        aria-label="Add dealer login"
        onSubmit={(values) => add.mutateAsync(values)}
        onInvalid={([first]) => first && toast({ title: 'Invalid input', description: first.message, variant: 'destructive' })}
      >
        <TextField name="name" label="Name" maxLength={100} autoComplete="off" />
        <TextField name="email" label="Email" type="email" autoComplete="off" />
        <TextField name="licenseNumber" label="Licence number" optional maxLength={50} autoComplete="off" />
        <SubmitButton block={false} size="md" pendingLabel="Adding...">
          Add Dealer
        </SubmitButton>
      </Form>
    </div>
  );
}
