/**
 * An inbound ADF lead address (docs/decisions.md, "ADF leads"): the webhook a dealer's website or CRM posts its ADF/XML
 * leads to, shown in full with a copy button; an admin makes a new one (the old stops working at once) or revokes it.
 * Used by the dealerships page (a dealership's address) and /admin/settings (the company's, owner `company`). The
 * address is loaded when the dialog opens, so neither page pays a call for it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdfAddress } from '@shared/leads/adf-api';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { LoadingBlock } from '@web/components/ui/spinner';
import { failureToast, toast } from '@web/components/ui/toast';
import { api, apiUrl } from '@web/lib/api-client';

const addressKey = (owner: string) => ['adf-inbound', owner] as const;
const path = (owner: string) => `/adf-inbound/${encodeURIComponent(owner)}`;

function useAdfAddress(owner: string) {
  return useQuery(
    queryOptions({ queryKey: addressKey(owner), queryFn: ({ signal }) => api.get<AdfAddress>(path(owner), { signal }) }),
  );
}

function useChangeAdfAddress(owner: string, change: 'regenerate' | 'revoke') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      change === 'regenerate' ? api.post<AdfAddress>(`${path(owner)}/regenerate`) : api.delete<AdfAddress>(path(owner)),
    onSuccess: (address) => {
      queryClient.setQueryData(addressKey(owner), address);
      toast({
        title: change === 'regenerate' ? 'New lead address made' : 'Lead address revoked',
        description:
          change === 'regenerate'
            ? 'Give the new address to the sender: the previous one no longer works.'
            : 'Leads posted to it are refused from now on.',
        variant: 'success',
      });
    },
    onError: failureToast('Could not change the lead address'),
  });
}

export interface AdfAddressDialogProps {
  /** A dealership id, or `company`; null: closed. */
  owner: string | null;
  /** Whose address it is, as the title names it. */
  ownerName: string;
  onClose: () => void;
}

export function AdfAddressDialog({ owner, ownerName, onClose }: AdfAddressDialogProps) {
  return (
    <Dialog
      open={owner !== null}
      onClose={onClose}
      title={`ADF lead address: ${ownerName}`}
      description="Dealer websites and CRMs post ADF/XML leads to this address; each lead lands in the lead inbox."
    >
      {owner !== null && <AdfAddressBody owner={owner} onClose={onClose} />}
    </Dialog>
  );
}

function AdfAddressBody({ owner, onClose }: { owner: string; onClose: () => void }) {
  const address = useAdfAddress(owner);
  const regenerate = useChangeAdfAddress(owner, 'regenerate');
  const revoke = useChangeAdfAddress(owner, 'revoke');
  const [copied, setCopied] = useState(false);
  const busy = regenerate.isPending || revoke.isPending;
  const url = address.data?.path ? apiUrl(address.data.path) : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: 'Address copied', description: 'The lead address is on your clipboard.', variant: 'success' });
    } catch {
      toast({
        title: 'Could not copy the address',
        description: 'Your browser did not allow copying. Select the address and copy it yourself.',
        variant: 'destructive',
      });
    }
  };

  if (address.isPending) return <LoadingBlock label="Loading the lead address" />;
  if (address.isError) return <p role="alert">Error loading the lead address: {address.error.message}</p>;
  return (
    <>
      {url ? (
        <div>
          <label htmlFor={`adf-url-${owner}`}>Inbound lead address (HTTPS POST, application/xml or text/plain)</label>
          <Input id={`adf-url-${owner}`} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </div>
      ) : (
        <p>No lead address yet, or it was revoked. Make one to receive ADF leads.</p>
      )}
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
        {url && (
          <>
            <Button type="button" variant="secondary" onClick={() => void copy()}>
              {copied ? 'Address Copied' : 'Copy Address'}
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={busy}
              isLoading={revoke.isPending}
              onClick={() => revoke.mutate()}
            >
              Revoke
            </Button>
          </>
        )}
        <Button type="button" disabled={busy} isLoading={regenerate.isPending} onClick={() => regenerate.mutate()}>
          {url ? 'Make a New Address' : 'Make Lead Address'}
        </Button>
      </DialogActions>
    </>
  );
}
