/**
 * The vehicle image: checked (type, 5 MB) as soon as it is chosen, then uploaded straight to S3 with a visible
 * progress bar; the form keeps only the resulting URL (`imageUrl`). A failed upload toasts and leaves everything
 * typed in place; the person may choose the file again.
 */
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { vehicleImageFileSchema } from '@shared/marketplace/schemas';
import { VEHICLE_IMAGE_EXTENSIONS } from '@shared/uploads/schemas';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { logger } from '@web/lib/logger';
import { uploadVehicleImage } from '../api/upload-vehicle-image';
import styles from './marketplace.module.css';

const ACCEPT = VEHICLE_IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export type UploadState = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'failed' };

export function ImageUploadField({
  name = 'imageUrl',
  onUploadingChange,
}: {
  name?: string;
  /** Tells the form an upload runs (its submit waits for the URL). */
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { field } = useController({ name });
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const [fileError, setFileError] = useState<string>();
  const progressId = useId();
  const imageUrl = typeof field.value === 'string' && field.value ? field.value : undefined;

  const choose = async (file: File | undefined) => {
    setFileError(undefined);
    if (!file) return;
    const checked = vehicleImageFileSchema.safeParse(file);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'Invalid input';
      setFileError(message);
      toast({ title: 'Error uploading image', description: message, variant: 'destructive' });
      return;
    }
    setState({ kind: 'uploading', percent: 0 });
    onUploadingChange(true);
    try {
      const url = await uploadVehicleImage(file, (percent) => setState({ kind: 'uploading', percent }));
      field.onChange(url);
      setState({ kind: 'idle' });
    } catch (error) {
      logger.error('Uploading a vehicle image failed', error);
      setState({ kind: 'failed' });
      toast({ title: 'Error uploading image', description: 'Failed to upload image', variant: 'destructive' });
    } finally {
      onUploadingChange(false);
    }
  };

  return (
    <div className={styles.wide}>
      <Field name={name} label="Image" optional error={fileError} hint="JPG, PNG, GIF or WebP, less than 5MB.">
        {(control) => (
          <Input
            {...control}
            ref={field.ref}
            type="file"
            accept={ACCEPT}
            disabled={state.kind === 'uploading'}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
            }}
          />
        )}
      </Field>
      {state.kind === 'uploading' && (
        <div>
          <label htmlFor={progressId} className="visually-hidden">
            Image upload
          </label>
          <progress id={progressId} className={styles.progress} max={100} value={state.percent}>
            {state.percent}%
          </progress>
          <p className={styles.muted} aria-live="polite">
            Uploading image… {state.percent}%
          </p>
        </div>
      )}
      {state.kind !== 'uploading' && imageUrl && (
        <div className={styles.row}>
          <p className={styles.muted} role="status">
            Image uploaded
          </p>
          <Button variant="ghost" size="sm" onClick={() => field.onChange(null)}>
            Remove image
          </Button>
        </div>
      )}
      {imageUrl && state.kind !== 'uploading' && <img src={imageUrl} alt="Chosen vehicle" className={styles.preview} />}
    </div>
  );
}
