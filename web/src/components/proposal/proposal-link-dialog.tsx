/**
 * A proposal's link, shown once when it is shared (only its hash is stored: docs/decisions.md, "Proposals"), with
 * where it went and a copy button: the deal page's Proposals card and the desk's Compare panel both share. Staff UI
 * only: the public /proposal/{token} page never loads it.
 */
import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import styles from './proposal-link-dialog.module.css';

export interface SharedProposal {
  url: string;
  /** Where the proposal went ("The proposal was e-mailed to ..."). */
  note: string;
}

export function ProposalLinkDialog({ shared, onClose }: { shared: SharedProposal | null; onClose: () => void }) {
  const inputId = useId();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied', description: 'Proposal link copied to clipboard', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy the link', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <Dialog open={shared !== null} onClose={onClose} title="Proposal shared" description={shared?.note}>
      {shared && (
        <div className={styles.link}>
          <label htmlFor={inputId}>Proposal link (shown once: copy it now)</label>
          <Input id={inputId} readOnly value={shared.url} onFocus={(event) => event.currentTarget.select()} />
          <DialogActions>
            <Button variant="secondary" onClick={() => void copy(shared.url)}>
              Copy link
            </Button>
            <Button onClick={onClose}>Done</Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
