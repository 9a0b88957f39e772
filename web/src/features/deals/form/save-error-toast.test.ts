import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { saveErrorToast } from './save-error-toast';

describe('saveErrorToast', () => {
  it('says "Permission Denied" when the server refuses closing to a non-admin', () => {
    const refused = new ApiError(403, 'FORBIDDEN', 'Only admins can mark deals as closed');
    expect(saveErrorToast(refused, 'Error updating deal')).toEqual({
      title: 'Permission Denied',
      description: 'Only admins can mark deals as closed',
      variant: 'destructive',
    });
  });

  it("shows the server's message under the page's title otherwise, e.g. a stale revision", () => {
    const stale = new ApiError(409, 'CONFLICT', 'This deal was changed by someone else; reload to see the changes');
    expect(saveErrorToast(stale, 'Error updating deal')).toEqual({
      title: 'Error updating deal',
      description: 'This deal was changed by someone else; reload to see the changes',
      variant: 'destructive',
    });
  });
});
