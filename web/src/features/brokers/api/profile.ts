/**
 * The caller's own profile (shared/brokers/api.ts): one GET renders /profile (the card, this month's figures, the
 * last 10 deals and the academy progress); the phone edit, the photo and the licence uploads each answer the whole
 * profile, which replaces the cached one, so the page shows the change at once without asking again.
 *
 * An upload is three steps kept here, not in a component: ask for a presigned POST (the policy enforces type and
 * 5 MB in S3 itself), send the file with progress, then confirm so the server records the object it found.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_UPDATING_PROFILE,
  ERROR_UPLOADING_LICENSE,
  ERROR_UPLOADING_PHOTO,
  UNABLE_TO_LOAD_LICENSE,
  type ConfirmUploadRequest,
  type FileUploadRequest,
  type LicenceUrlResponse,
  type PresignedUploadResponse,
  type ProfileResponse,
  type UpdateProfileRequest,
} from '@shared/brokers/api';
import { contentTypeFor } from '@shared/uploads/schemas';
import { toast } from '@web/components/ui/toast';
import { api } from '@web/lib/api-client';
import { postToS3 } from '@web/lib/presigned-upload';
import { brokerKeys } from './broker-keys';

export function profileQueryOptions() {
  return queryOptions({
    queryKey: brokerKeys.profile(),
    queryFn: ({ signal }) => api.get<ProfileResponse>('/profile', { signal }),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

function useReplaceProfile() {
  const queryClient = useQueryClient();
  return (profile: ProfileResponse) => queryClient.setQueryData(brokerKeys.profile(), profile);
}

export function useUpdatePhone({ onSuccess }: { onSuccess?: () => void } = {}) {
  const replace = useReplaceProfile();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api.patch<ProfileResponse>('/profile', body),
    onSuccess: (profile) => {
      replace(profile);
      toast({ title: 'Profile updated', description: 'Your phone number was saved.', variant: 'success' });
      onSuccess?.();
    },
    onError: (error: Error) => toast({ title: ERROR_UPDATING_PROFILE, description: error.message, variant: 'destructive' }),
  });
}

export type ProfileUploadKind = 'photo' | 'licence';

const UPLOADS: Record<ProfileUploadKind, { presign: string; confirm: string; failure: string; success: string }> = {
  photo: {
    presign: '/profile/photo-upload',
    confirm: '/profile/photo',
    failure: ERROR_UPLOADING_PHOTO,
    success: 'Your photo was updated.',
  },
  licence: {
    presign: '/profile/licence-upload',
    confirm: '/profile/licence',
    failure: ERROR_UPLOADING_LICENSE,
    success: 'Your license document was uploaded.',
  },
};

async function uploadProfileFile(kind: ProfileUploadKind, file: File, onProgress: (percent: number) => void) {
  const { presign, confirm } = UPLOADS[kind];
  const request: FileUploadRequest = {
    fileName: file.name,
    // The API checks the type against the extension, so derive it from the name rather than trust the browser.
    contentType: contentTypeFor(file.name) ?? file.type,
    size: file.size,
  };
  const presigned = await api.post<PresignedUploadResponse>(presign, request);
  await postToS3(presigned, file, onProgress);
  const confirmation: ConfirmUploadRequest = { fileName: file.name };
  return api.post<ProfileResponse>(confirm, confirmation);
}

/** Uploads the photo or the licence; `onProgress` gets whole percentages while the file travels. */
export function useUploadProfileFile(kind: ProfileUploadKind, onProgress: (percent: number) => void) {
  const replace = useReplaceProfile();
  const { failure, success } = UPLOADS[kind];
  return useMutation({
    mutationFn: (file: File) => uploadProfileFile(kind, file, onProgress),
    onSuccess: (profile) => {
      replace(profile);
      toast({ title: 'Upload complete', description: success, variant: 'success' });
    },
    onError: (error: Error) => toast({ title: failure, description: error.message, variant: 'destructive' }),
  });
}

/** A signed URL of a broker's licence document (valid an hour): asked for on each View, never cached. */
export function getLicenceUrl(brokerId: string): Promise<LicenceUrlResponse> {
  return api.get<LicenceUrlResponse>(`/brokers/${encodeURIComponent(brokerId)}/licence-url`);
}

/**
 * Opens a broker's licence in a new tab. The tab is opened at the click, before the signed URL arrives, since a
 * browser blocks a window opened after an await; it then goes to the URL, or closes again with "Unable to load
 * license document" when there is none.
 */
export function useOpenLicence() {
  return useMutation({
    mutationFn: async (brokerId: string) => {
      const tab = window.open('', '_blank');
      try {
        const { url } = await getLicenceUrl(brokerId);
        if (!tab) {
          // A blocked pop-up: the document opens here instead.
          window.location.assign(url);
          return;
        }
        // The document must not reach back to this page through window.opener.
        tab.opener = null;
        tab.location.href = url;
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    onError: () => toast({ title: 'Error', description: UNABLE_TO_LOAD_LICENSE, variant: 'destructive' }),
  });
}
