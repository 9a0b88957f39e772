/**
 * The optional licence file chosen at sign-up. After Cognito created the user, POST /auth/signup-licence (public: the
 * user cannot sign in before confirming) returns a presigned S3 POST for that user, and the browser uploads the file
 * straight to S3, reporting progress. A failure here is ignored silently: the account is made either way.
 */
import type { SignupLicenceRequest, SignupLicenceResponse } from '@shared/auth/api';
import { contentTypeFor } from '@shared/uploads/schemas';
import { api } from '@web/lib/api-client';
import { postToS3 } from '@web/lib/presigned-upload';

export async function uploadSignupLicence(
  { email, userSub, file }: { email: string; userSub: string; file: File },
  onProgress: (percent: number) => void,
): Promise<void> {
  const request: SignupLicenceRequest = {
    email,
    userSub,
    fileName: file.name,
    // The API checks the type against the extension, so derive it from the name rather than trust the browser.
    contentType: contentTypeFor(file.name) ?? file.type,
    size: file.size,
  };
  const presigned = await api.post<SignupLicenceResponse>('/auth/signup-licence', request, { auth: false });
  await postToS3(presigned, file, onProgress);
}
