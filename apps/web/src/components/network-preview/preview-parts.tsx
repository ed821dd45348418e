import type { Network } from '@fitpost/contract';
import { useState } from 'react';
import { displayUrl, splitLinks, truncateText } from './preview-text';

/** How each network frames a single image in the feed: the width-to-height range it shows uncropped. */
export const imageFrames: Record<Network, { min: number; max: number; label: string }> = {
  // The timeline crops a lone image to 16:9.
  x: { min: 16 / 9, max: 16 / 9, label: '16:9' },
  // Shown whole from 3:4 portrait to 1.91:1 landscape; cropped beyond.
  linkedin: { min: 3 / 4, max: 1.91, label: '3:4 to 1.91:1' },
  facebook: { min: 4 / 5, max: 1.91, label: '4:5 to 1.91:1' },
  // The only range Instagram's publishing accepts; the grid crops to a square.
  instagram: { min: 4 / 5, max: 1.91, label: '4:5 to 1.91:1' },
};

/** The ratio the feed shows `natural` at. */
function framedRatio(network: Network, natural: number | null): number {
  const { min, max } = imageFrames[network];
  if (natural === null || !Number.isFinite(natural) || natural <= 0) return min === max ? min : 1;
  return Math.min(max, Math.max(min, natural));
}

interface PreviewImageProps {
  network: Network;
  url: string;
  width: number | null;
  height: number | null;
  altText: string;
}

/** The post's image framed and cropped as the network's feed shows it. */
export function PreviewImage({ network, url, width, height, altText }: PreviewImageProps) {
  const [loaded, setLoaded] = useState<number | null>(null);
  const natural = width && height ? width / height : loaded;
  const ratio = framedRatio(network, natural);
  return (
    <div
      className={`preview-image preview-image-${network}`}
      style={{ aspectRatio: String(ratio) }}
      data-ratio={ratio.toFixed(3)}
    >
      {url ? (
        <img
          src={url}
          alt={altText}
          onLoad={(event) => {
            const img = event.currentTarget;
            if (img.naturalHeight > 0) setLoaded(img.naturalWidth / img.naturalHeight);
          }}
        />
      ) : (
        <span className="preview-image-missing">Image</span>
      )}
    </div>
  );
}

interface PreviewTextProps {
  text: string;
  /** Characters shown before the network's "see more"; none: all of it. */
  truncation?: { after: number; more: string; ellipsis: string };
  /** How links look: as they are, shortened as X writes them, or plain (Instagram: not clickable). */
  links: 'plain' | 'linked' | 'x';
  lead?: string;
}

/** A post's text as the network lays it out: line breaks kept, links coloured, long text cut with "see more". */
export function PreviewText({ text, truncation, links, lead }: PreviewTextProps) {
  const [expanded, setExpanded] = useState(false);
  const cut = truncation && !expanded ? truncateText(text, truncation.after) : null;
  const shown = cut ?? text;
  return (
    <p className="preview-text">
      {lead ? <strong className="preview-lead">{lead} </strong> : null}
      {splitLinks(shown).map((part, index) =>
        part.url && links !== 'plain' ? (
          <span key={index} className="preview-link">
            {links === 'x' ? displayUrl(part.url) : part.text}
          </span>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
      {cut !== null && truncation ? (
        <>
          {truncation.ellipsis}
          <button type="button" className="preview-more" onClick={() => setExpanded(true)}>
            {truncation.more}
          </button>
        </>
      ) : null}
    </p>
  );
}
