import { UploadOutlined } from '@ant-design/icons';
import { acceptedImageTypes, mediaLimits, mediaMessages } from '@fitpost/contract';
import { Alert, Button } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { errorText } from '@/lib/api-client';
import { useUploadMedia } from '../api/upload-media';
import '../library.css';

export interface Graphic {
  mediaId: string;
  url: string;
}

interface GraphicUploadProps {
  /** The form's current graphic, if any. */
  value?: Graphic | null;
  onChange?: (graphic: Graphic | null) => void;
  /** The form field's id, so its label points at the button. */
  id?: string;
}

/**
 * Picks an image and uploads it with POST /api/media at once (the server re-encodes it and answers
 * its id and address); the form keeps the media id. Type and size are checked first, so an obvious
 * mistake does not cost an upload.
 */
export function GraphicUpload({ value, onChange, id }: GraphicUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadMedia();
  const [problem, setProblem] = useState<string | null>(null);

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    setProblem(null);
    if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
      setProblem(mediaMessages.notAnImage);
      return;
    }
    if (file.size > mediaLimits.maxUploadBytes) {
      setProblem(mediaMessages.tooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: (media) => onChange?.({ mediaId: media.id, url: media.url }),
      onError: (error) => setProblem(errorText(error)),
    });
  }

  return (
    <div>
      <div className="graphic-upload">
        {value ? <img className="graphic-preview" src={value.url} alt="The graphic chosen" /> : null}
        <Button
          id={id}
          icon={<UploadOutlined aria-hidden="true" />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {value ? 'Replace graphic' : 'Upload graphic'}
        </Button>
        {value ? (
          <Button type="link" onClick={() => onChange?.(null)}>
            Remove graphic
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={acceptedImageTypes.join(',')}
          hidden
          aria-label="Graphic file"
          onChange={handleFile}
        />
      </div>
      {upload.isPending ? (
        <p className="muted" role="status">
          Uploading…
        </p>
      ) : null}
      {problem ? <Alert className="form-alert" type="error" showIcon title={problem} /> : null}
    </div>
  );
}
