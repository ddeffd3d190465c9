/**
 * 'Upload a picture' on the product form: a file the owner chooses is sent at once and, once the server has stored
 * it, becomes the product's picture (the form's Picture field). Progress and the result as a status beside it; a
 * refusal (type, size) as the field's error.
 */
import { type ChangeEvent, useState } from 'react';
import { clsx } from 'clsx';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { UPLOAD_FAILED, useUploadProductImage } from '../api/upload-product-image.ts';

export function ProductPictureUpload({ onUploaded }: { onUploaded: (image: string) => void }) {
  const upload = useUploadProductImage();
  const [done, setDone] = useState(false);
  const error = upload.isError
    ? failureMessage(upload.error, { fallback: UPLOAD_FAILED, offline: OFFLINE_MESSAGE })
    : undefined;

  const send = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setDone(false);
    upload.mutate(file, {
      onSuccess: (image) => {
        onUploaded(image);
        setDone(true);
      },
      // The same file may be chosen again (after a failure, or to upload it twice).
      onSettled: () => {
        input.value = '';
      },
    });
  };

  return (
    <div>
      <FormField
        label="Upload a picture"
        hint="JPEG, PNG or WebP, up to 5 MB. It becomes the picture above."
        error={error}
      >
        {(field) => (
          <input
            {...field}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={upload.isPending}
            onChange={send}
            className={clsx(
              'mt-1.5 block w-full max-w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 file:mr-3 file:rounded-md file:border-0 file:bg-cream-200 file:px-3 file:py-1.5 file:font-semibold',
              fieldBorder(error),
            )}
          />
        )}
      </FormField>
      <p role="status" className="mt-1.5 text-sm text-stone-700">
        {upload.isPending ? 'Uploading the picture…' : done ? 'Picture uploaded: it is the product’s picture now.' : ''}
      </p>
    </div>
  );
}
