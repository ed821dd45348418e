import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { acceptedImageTypes, mediaLimits } from '@fitpost/contract';
import { Alert, Button, Input, Progress, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { uploadMedia } from '@/lib/api/media/upload-media';
import { fileProblem, graphicFromMedia, type Graphic } from './graphic';
import type { AltTextSync } from './use-alt-text';
import './graphic-upload.css';

/** `id`, `value` and `onChange` as an antd `Form.Item` hands them to its control. */
interface GraphicUploadProps {
  /** The file input's id: the form's label points at it. */
  id?: string;
  value?: Graphic | null;
  onChange?: (graphic: Graphic | null) => void;
  /** Keeps the alt text on the server (`useAltTextSync`), so the form can wait for it before saving. */
  altText: AltTextSync;
  /** The preview's text alternative while the member has not described the image. */
  previewAlt: string;
  /** Said of a graphic whose alt text the member cannot change (someone else uploaded it). */
  sharedHint?: string;
  onUploadingChange?: (uploading: boolean) => void;
  /** The form's own problem with the field, by id, and whether there is one. */
  describedBy?: string;
  invalid?: boolean;
}

interface Uploading {
  name: string;
  percent: number;
  previewUrl: string;
  controller: AbortController;
}

/** The drop zone's button for the file input `id`: where focus goes when the field has a problem. */
export function focusGraphicUpload(id: string): void {
  const input = document.getElementById(id);
  (input?.closest<HTMLElement>('[role="button"]') ?? input)?.focus();
}

/**
 * A form's graphic: drop or pick an image, watch it upload (POST /api/media), see it, describe it
 * (alt text, sent to every network), remove it. Type and size are checked before sending.
 */
export function GraphicUpload(props: GraphicUploadProps) {
  const { id = 'graphic', value = null, altText, onUploadingChange } = props;
  const onChange = (graphic: Graphic | null) => props.onChange?.(graphic);
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const current = useRef<Uploading | null>(null);

  // Leaving the screen mid-upload stops it, and frees the local preview.
  useEffect(
    () => () => {
      current.current?.controller.abort();
      if (current.current) URL.revokeObjectURL(current.current.previewUrl);
    },
    [],
  );

  function finish() {
    if (current.current) URL.revokeObjectURL(current.current.previewUrl);
    current.current = null;
    setUploading(null);
    onUploadingChange?.(false);
  }

  function handleFile(file: File) {
    setUploadError(null);
    const problem = fileProblem(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    current.current?.controller.abort();
    const started: Uploading = {
      name: file.name,
      percent: 0,
      previewUrl: URL.createObjectURL(file),
      controller: new AbortController(),
    };
    current.current = started;
    setUploading(started);
    onUploadingChange?.(true);
    uploadMedia(file, {
      signal: started.controller.signal,
      onProgress: (percent) => {
        if (current.current === started) setUploading({ ...started, percent });
      },
    }).then(
      (media) => {
        if (current.current !== started) return;
        finish();
        altText.uploaded(media);
        onChange(graphicFromMedia(media));
      },
      (error: unknown) => {
        if (current.current !== started) return;
        const canceled = started.controller.signal.aborted;
        finish();
        if (!canceled) setUploadError(errorText(error));
      },
    );
  }

  function handleCancel() {
    current.current?.controller.abort();
    finish();
  }

  const altId = `${id}-alt-text`;
  let body;
  if (uploading) {
    body = (
      <div className="graphic-uploading">
        <img src={uploading.previewUrl} alt="" className="graphic-thumb" />
        <div className="graphic-uploading-status">
          <span>Uploading {uploading.name}…</span>
          <Progress percent={uploading.percent} size="small" aria-label={`Uploading ${uploading.name}`} />
          <Button size="small" onClick={handleCancel}>
            Cancel upload
          </Button>
        </div>
      </div>
    );
  } else if (value) {
    body = (
      <div className="graphic-chosen">
        {value.url ? (
          <img src={value.url} alt={value.altText || props.previewAlt} className="graphic-thumb" />
        ) : (
          <div className="graphic-thumb graphic-missing">Image</div>
        )}
        <div className="graphic-details">
          {value.owned ? (
            <div className="graphic-alt-text">
              <label htmlFor={altId} className="graphic-alt-text-label">
                Alt text
              </label>
              <Input.TextArea
                id={altId}
                value={value.altText}
                maxLength={mediaLimits.maxAltTextLength}
                autoSize={{ minRows: 2, maxRows: 5 }}
                onChange={(event) => onChange({ ...value, altText: event.target.value })}
                onBlur={() => altText.commit(value)}
                aria-describedby={`${altId}-hint`}
              />
              <p id={`${altId}-hint`} className="graphic-hint">
                Describes the image for people who cannot see it. Sent to X, LinkedIn, Facebook and Instagram.
              </p>
              {altText.error ? (
                <div className="graphic-error" role="alert">
                  {altText.error}
                </div>
              ) : null}
            </div>
          ) : (
            <p className="graphic-hint">
              {props.sharedHint ?? 'Its alt text was given when it was uploaded.'}
            </p>
          )}
          <Button icon={<DeleteOutlined aria-hidden="true" />} onClick={() => onChange(null)}>
            Remove graphic
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <Upload.Dragger
        id={id}
        accept={acceptedImageTypes.join(',')}
        multiple={false}
        showUploadList={false}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.describedBy}
        beforeUpload={(file) => {
          handleFile(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <PictureOutlined aria-hidden="true" />
        </p>
        <p className="ant-upload-text">Drag an image here, or click to choose one</p>
        <p className="ant-upload-hint">
          JPEG, PNG, WebP or GIF, up to {mediaLimits.maxUploadBytes / (1024 * 1024)} MB.
        </p>
      </Upload.Dragger>
    );
  }

  return (
    <div className="graphic-upload">
      {body}
      {uploadError ? (
        <Alert className="graphic-upload-error" type="error" showIcon title={uploadError} />
      ) : null}
    </div>
  );
}
