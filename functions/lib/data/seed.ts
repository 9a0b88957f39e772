// PLACEHOLDER: replaced by the real seed.
import type { DemoUserKey } from '../../../infra/local/config';

export interface DemoUserIds {
  userId: string;
  email: string;
  fullName: string;
}

export async function seedDemoData(_users: Record<DemoUserKey, DemoUserIds>): Promise<void> {
  throw new Error('not implemented');
}
