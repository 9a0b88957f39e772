/**
 * The profile's photo or licence upload: the chosen file is checked (type, 5 MB) at once with the shared rule,
 * then sent straight to S3 with a visible progress bar; the answer replaces the cached profile, so the new photo
 * (or "on file") shows as soon as the upload is confirmed. A refused or failed file toasts "Error uploading photo"
 * / "Error uploading license" and the person may choose again.
 */
import { useId, useRef, useState } from 'react';
import { ERROR_UPLOADING_LICENSE, ERROR_UPLOADING_PHOTO } from '@shared/brokers/api';
import { fileSchema, LICENCE_FILE_EXTENSIONS, PROFILE_PHOTO_EXTENSIONS } from '@shared/uploads/schemas';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { useUploadProfileFile, type ProfileUploadKind } from '../api/profile';
import styles from './brokers.module.css';

const KINDS = {
  photo: {
    label: 'Profile photo',
    hint: 'JPEG, JPG, PNG or WebP, at most 5MB.',
    extensions: PROFILE_PHOTO_EXTENSIONS,
    schema: fileSchema<File>('profilePhoto'),
    failure: ERROR_UPLOADING_PHOTO,
  },
  licence: {
    label: 'License document',
    hint: 'PDF, JPG, JPEG or PNG, at most 5MB.',
    extensions: LICENCE_FILE_EXTENSIONS,
    schema: fileSchema<File>('licence'),
    failure: ERROR_UPLOADING_LICENSE,
  },
} as const;

export function ProfileUpload({ kind }: { kind: ProfileUploadKind }) {
  const { label, hint, extensions, schema, failure } = KINDS[kind];
  const [percent, setPercent] = useState(0);
  const [fileError, setFileError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const progressId = useId();
  const upload = useUploadProfileFile(kind, setPercent);

  const choose = (file: File | undefined) => {
    setFileError(undefined);
    if (!file) return;
    const checked = schema.safeParse(file);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'Invalid input';
      setFileError(message);
      toast({ title: failure, description: message, variant: 'destructive' });
      return;
    }
    setPercent(0);
    upload.mutate(file, {
      // The same file may be chosen again after a failure or to replace it: clear the input either way.
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <div className={styles.upload}>
      <Field label={label} error={fileError} hint={hint}>
        {(control) => (
          <Input
            {...control}
            ref={input}
            type="file"
            accept={extensions.map((extension) => `.${extension}`).join(',')}
            disabled={upload.isPending}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        )}
      </Field>
      {upload.isPending && (
        <div>
          <label htmlFor={progressId} className="visually-hidden">
            {label} upload
          </label>
          <progress id={progressId} className={styles.progress} max={100} value={percent}>
            {percent}%
          </progress>
          <p className={styles.muted} aria-live="polite">
            Uploading… {percent}%
          </p>
        </div>
      )}
    </div>
  );
}
