/**
 * ADF lead addresses (docs/decisions.md, "ADF leads"): an admin reads, regenerates (a new token, the old one dead at
 * once) or revokes an owner's address: the company's, or a dealership's.
 */
import { ADF_COMPANY_OWNER, ADF_OWNER_NOT_FOUND_MESSAGE, type AdfAddress } from '@shared/leads/adf-api';
import { ConflictError, NotFoundError } from '@functions/lib/errors';
import { AdfAddressChangedError, type AdfAddressItem } from './data/adf';
import type { AdfData } from './data/adf-data';
import { adfPath } from './adf-leads';

const addressView = (owner: string, item: AdfAddressItem | null): AdfAddress => ({
  owner,
  path: item ? adfPath(item.token) : null,
  createdAt: item?.createdAt ?? null,
});

async function ensureOwner(owner: string, data: AdfData): Promise<void> {
  if (owner === ADF_COMPANY_OWNER) return;
  if (!(await data.dealerships.get(owner))) throw new NotFoundError(ADF_OWNER_NOT_FOUND_MESSAGE);
}

/** GET /adf-inbound/{owner}. */
export async function getAdfAddress(owner: string, data: AdfData): Promise<AdfAddress> {
  await ensureOwner(owner, data);
  return addressView(owner, await data.adf.address(owner));
}

const changedConflict = () => new ConflictError('Someone else changed this lead address at the same moment. Please try again.');

/** POST /adf-inbound/{owner}/regenerate: a new token; the previous one answers 404 from now on. */
export async function regenerateAdfAddress(owner: string, data: AdfData, now: Date): Promise<AdfAddress> {
  await ensureOwner(owner, data);
  try {
    return addressView(owner, await data.adf.regenerate(owner, await data.adf.address(owner), now));
  } catch (error) {
    if (error instanceof AdfAddressChangedError) throw changedConflict();
    throw error;
  }
}

/** DELETE /adf-inbound/{owner}: revokes the address (revoking none is a no-op). */
export async function revokeAdfAddress(owner: string, data: AdfData): Promise<AdfAddress> {
  await ensureOwner(owner, data);
  const current = await data.adf.address(owner);
  if (current) {
    try {
      await data.adf.revoke(current);
    } catch (error) {
      if (error instanceof AdfAddressChangedError) throw changedConflict();
      throw error;
    }
  }
  return addressView(owner, null);
}
