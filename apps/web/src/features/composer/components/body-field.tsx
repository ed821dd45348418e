import type { Network } from '@fitpost/contract';
import { Input } from 'antd';
import { postText } from '@/components/network-preview/preview-text';
import { CharacterCounts } from './character-counts';

interface BodyFieldProps {
  body: string;
  link: string;
  networks: Network[];
  onBodyChange: (body: string) => void;
  onLinkChange: (link: string) => void;
  bodyError?: string;
  linkError?: string;
}

/** The post's text and optional link, with a live character count for each chosen network. */
export function BodyField({
  body,
  link,
  networks,
  onBodyChange,
  onLinkChange,
  bodyError,
  linkError,
}: BodyFieldProps) {
  return (
    <>
      <div className="composer-field">
        <label htmlFor="composer-body" className="composer-label">
          Post text
        </label>
        <Input.TextArea
          id="composer-body"
          value={body}
          onChange={(event) => onBodyChange(event.target.value)}
          autoSize={{ minRows: 5, maxRows: 16 }}
          placeholder="What would you like to share?"
          status={bodyError ? 'error' : undefined}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={bodyError ? 'composer-body-error' : 'composer-counts'}
        />
        <div id="composer-counts">
          <CharacterCounts networks={networks} text={postText(body, link)} />
        </div>
        {bodyError ? (
          <div id="composer-body-error" className="composer-error" role="alert">
            {bodyError}
          </div>
        ) : null}
      </div>
      <div className="composer-field">
        <label htmlFor="composer-link" className="composer-label">
          Link <span className="composer-optional">(optional)</span>
        </label>
        <Input
          id="composer-link"
          type="url"
          inputMode="url"
          value={link}
          onChange={(event) => onLinkChange(event.target.value)}
          placeholder="https://"
          status={linkError ? 'error' : undefined}
          aria-invalid={linkError ? true : undefined}
          aria-describedby={linkError ? 'composer-link-error' : 'composer-link-hint'}
        />
        {linkError ? (
          <div id="composer-link-error" className="composer-error" role="alert">
            {linkError}
          </div>
        ) : (
          <p id="composer-link-hint" className="composer-hint">
            Added after your text as its own paragraph. X counts every link as 23 characters.
          </p>
        )}
      </div>
    </>
  );
}
