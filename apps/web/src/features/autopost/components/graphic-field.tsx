import { acceptedImageTypes, mediaLimits, mediaMessages } from '@fitpost/contract';
import { Button } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { errorText } from '@/lib/api-client';
import { useUploadMedia } from '../api/upload-media';
import { FieldError } from './field-error';

interface GraphicFieldProps {
  mediaUrl: string | null;
  error?: string;
  onChange: (graphic: { mediaId: string; mediaUrl: string } | null) => void;
}

/** The Auto-Post's graphic: upload one (POST /api/media), or keep the library item's. */
export function GraphicField({ mediaUrl, error, onChange }: GraphicFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadMedia();
  const [problem, setProblem] = useState<string | null>(null);

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > mediaLimits.maxUploadBytes) {
      setProblem(mediaMessages.tooLarge);
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (media) => onChange({ mediaId: media.id, mediaUrl: media.url }),
      onError: (failure) => setProblem(errorText(failure)),
    });
  }

  const shown = problem ?? error;
  return (
    <div className="autopost-field">
      <label htmlFor="autopost-graphic" className="autopost-label">
        Graphic <span className="muted">(optional; Instagram needs one)</span>
      </label>
      {mediaUrl ? (
        <div className="autopost-graphic">
          <img src={mediaUrl} alt="The Auto-Post’s graphic" className="autopost-graphic-image" />
          <Button onClick={() => onChange(null)}>Remove graphic</Button>
        </div>
      ) : null}
      <input
        ref={input}
        id="autopost-graphic"
        type="file"
        accept={acceptedImageTypes.join(',')}
        onChange={handleFile}
        disabled={upload.isPending}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? 'autopost-graphic-error' : undefined}
      />
      {upload.isPending ? (
        <p className="muted" role="status">
          Uploading the graphic…
        </p>
      ) : null}
      <FieldError id="autopost-graphic-error" message={shown} />
    </div>
  );
}
