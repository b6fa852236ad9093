import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import type { UploadResult } from '@tradepad/contracts/wallet/constants';
import { uploadImage, uploadRefusal } from '../api/image-upload.api.ts';
import { toastMessage } from './toast.ts';
import './image-field.css';

export interface ImageFieldProps {
  label: string;
  /** The uploaded image, or null. */
  value: UploadResult | null;
  onChange(value: UploadResult | null): void;
  invalid?: boolean;
  /** The file input's test id; the preview and the remove button get `-preview` and `-remove`. */
  testId: string;
  hint?: string;
}

/**
 * One image (spec §9: max count 1): pick a photo, which is checked (image, ≤ 5 MB) and uploaded at once with a
 * loading indicator; then a preview and a remove button. A failed upload clears the choice (spec §8). The preview
 * shows the picked file itself, so it does not depend on the server's expiring link.
 */
export function ImageField({ label, value, onChange, invalid, testId, hint }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const clear = () => {
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refusal = uploadRefusal(file);
    if (refusal) {
      toastMessage(t(refusal));
      clear();
      return;
    }
    onChange(null);
    setPreview(URL.createObjectURL(file));
    setUploading(true);
    try {
      onChange(await uploadImage(file));
    } catch {
      // The API client showed why; the choice is cleared.
      clear();
      onChange(null);
    } finally {
      setUploading(false);
    }
  };

  const remove = () => {
    clear();
    onChange(null);
  };

  const shown = preview ?? value?.url ?? null;

  return (
    <div className="image-field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className={`image-tile${invalid ? ' is-invalid' : ''}${shown ? ' has-image' : ''}`}>
        {shown ? (
          <>
            <img className="image-preview" src={shown} alt={label} data-testid={`${testId}-preview`} />
            {uploading ? (
              <span className="image-uploading" role="status">
                <span className="spinner" aria-hidden="true" />
                <span className="visually-hidden">{t('upload.uploading')}</span>
              </span>
            ) : (
              <button
                type="button"
                className="image-remove circle-44"
                aria-label={t('upload.remove', { what: label })}
                data-testid={`${testId}-remove`}
                onClick={remove}
              >
                <CloseOutline fontSize={18} aria-hidden />
              </button>
            )}
          </>
        ) : (
          <label className="image-pick" htmlFor={id}>
            <AddOutline fontSize={28} aria-hidden />
            <span>{t('upload.pick')}</span>
          </label>
        )}
        <input
          ref={input}
          id={id}
          className="visually-hidden"
          type="file"
          accept="image/*"
          aria-labelledby={`${id}-label`}
          aria-invalid={invalid}
          data-testid={testId}
          disabled={uploading}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </div>
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  );
}
