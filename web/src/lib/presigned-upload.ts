/**
 * Browser uploads go straight to S3 with a presigned POST (the policy itself holds the type and the size limit).
 * XMLHttpRequest rather than fetch: only it reports upload progress, which every upload shows.
 */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/** Posts `file` with the presigned fields; `onProgress` gets whole percentages. Rejects on a non-2xx or a network error. */
export function postToS3({ url, fields }: PresignedPost, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file); // S3 requires the file to be the last field.

    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`Upload answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('Upload failed: network error'));
    xhr.send(form);
  });
}
