import { formatCount } from '@fitpost/contract';
import type { Brand } from '@fitpost/contract';
import { Button } from 'antd';
import { useId, type CSSProperties } from 'react';
import '../library.css';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** Black or white, whichever reads better on `hex` (#rrggbb), by the colour's relative luminance (WCAG). */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white (1.05 / (L + 0.05)) against black ((L + 0.05) / 0.05): the larger wins.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000';
}

/** A brand's logo, or its initials on its colour (the theme's when it has none). */
export function BrandLogo({ brand }: { brand: Pick<Brand, 'name' | 'logoUrl' | 'colour'> }) {
  const style: CSSProperties | undefined = brand.colour
    ? { background: brand.colour, color: textOn(brand.colour) }
    : undefined;
  return (
    <span className="brand-logo" aria-hidden="true" style={style}>
      {brand.logoUrl ? <img src={brand.logoUrl} alt="" /> : initials(brand.name)}
    </span>
  );
}

/** A brand card (spec §2): logo, name, description, website, how much content it has, and 'View Content'. */
export function BrandCard({ brand, onViewContent }: { brand: Brand; onViewContent: (brand: Brand) => void }) {
  const titleId = useId();
  return (
    <article
      className="brand-card"
      aria-labelledby={titleId}
      style={brand.colour ? { borderTopColor: brand.colour } : undefined}
    >
      <div className="brand-card-header">
        <BrandLogo brand={brand} />
        <h2 id={titleId} className="brand-card-title">
          {brand.name}
        </h2>
      </div>
      {brand.description ? <p className="brand-card-description">{brand.description}</p> : null}
      {brand.website ? (
        <a href={brand.website} target="_blank" rel="noopener noreferrer" className="brand-card-website">
          {new URL(brand.website).host}
        </a>
      ) : null}
      <div className="brand-card-footer">
        <span className="muted">
          {formatCount(brand.contentCount)} {brand.contentCount === 1 ? 'item' : 'items'}
        </span>
        <Button type="primary" aria-describedby={titleId} onClick={() => onViewContent(brand)}>
          View Content
        </Button>
      </div>
    </article>
  );
}
