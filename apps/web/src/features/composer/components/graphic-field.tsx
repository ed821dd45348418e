import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { acceptedImageTypes, mediaLimits, mediaMessages, type MediaRecord } from '@fitpost/contract';
import { Alert, Button, Input, Progress, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { uploadMedia } from '../api/upload-media';
import type { ComposerGraphic } from '../model/composer-values';
import { graphicFromMedia } from '../model/initial-values';

interface GraphicFieldProps {
  graphic: ComposerGraphic | null;
  onChange: (graphic: ComposerGraphic | null) => void;
  onUploaded: (media: MediaRecord) => void;
  onUploadingChange: (uploading: boolean) => void;
  /** Alt text typed and left: save it now. */
  onAltTextCommit: () => void;
  altTextError: string | null;
}

interface Uploading {
  name: string;
  percent: number;
  previewUrl: string;
  controller: AbortController;
}

/** Refusals the browser can tell before sending (the server decides by content in any case). */
export function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (file.type && !(acceptedImageTypes as readonly string[]).includes(file.type))
    return mediaMessages.notAnImage;
  if (file.size > mediaLimits.maxUploadBytes) return mediaMessages.tooLarge;
  return null;
}

/** The post's graphic: drop or pick an image, watch it upload, see it, describe it, remove it. */
export function GraphicField(props: GraphicFieldProps) {
  const { graphic, onChange, onUploaded, onUploadingChange } = props;
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
    onUploadingChange(false);
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
    onUploadingChange(true);
    uploadMedia(file, {
      signal: started.controller.signal,
      onProgress: (percent) => {
        if (current.current === started) setUploading({ ...started, percent });
      },
    }).then(
      (media) => {
        if (current.current !== started) return;
        finish();
        onUploaded(media);
        onChange(graphicFromMedia(media));
      },
      (error: unknown) => {
        if (current.current !== started) return;
        const cancelled = started.controller.signal.aborted;
        finish();
        if (!cancelled) setUploadError(errorText(error));
      },
    );
  }

  function handleCancel() {
    current.current?.controller.abort();
    finish();
  }

  return (
    <div className="composer-field">
      <span className="composer-label" id="composer-graphic-label">
        Graphic <span className="composer-optional">(optional)</span>
      </span>
      {uploading ? (
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
      ) : graphic ? (
        <div className="graphic-chosen">
          {graphic.url ? (
            <img src={graphic.url} alt={graphic.altText || "Your post's graphic"} className="graphic-thumb" />
          ) : (
            <div className="graphic-thumb graphic-missing">Image</div>
          )}
          <div className="graphic-details">
            {graphic.owned ? (
              <div className="composer-field">
                <label htmlFor="composer-alt-text" className="composer-label">
                  Alt text
                </label>
                <Input.TextArea
                  id="composer-alt-text"
                  value={graphic.altText}
                  maxLength={mediaLimits.maxAltTextLength}
                  autoSize={{ minRows: 2, maxRows: 5 }}
                  onChange={(event) => onChange({ ...graphic, altText: event.target.value })}
                  onBlur={props.onAltTextCommit}
                  aria-describedby="composer-alt-text-hint"
                />
                <p id="composer-alt-text-hint" className="composer-hint">
                  Describes the image for people who cannot see it. Sent to X, LinkedIn, Facebook and
                  Instagram.
                </p>
                {props.altTextError ? (
                  <div className="composer-error" role="alert">
                    {props.altTextError}
                  </div>
                ) : null}
              </div>
            ) : (
              <p className="composer-hint">From the content library, with the library&apos;s description.</p>
            )}
            <Button icon={<DeleteOutlined aria-hidden="true" />} onClick={() => onChange(null)}>
              Remove image
            </Button>
          </div>
        </div>
      ) : (
        <Upload.Dragger
          accept={acceptedImageTypes.join(',')}
          multiple={false}
          showUploadList={false}
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
      )}
      {uploadError ? (
        <Alert className="composer-upload-error" type="error" showIcon title={uploadError} />
      ) : null}
    </div>
  );
}
