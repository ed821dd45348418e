import { formatCount } from '@fitpost/contract';
import type { Brand } from '@fitpost/contract';
import { Button } from 'antd';
import { useId } from 'react';
import '../library.css';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** A brand card (spec §2): logo, name, description, how much content it has, and 'View Content'. */
export function BrandCard({ brand, onViewContent }: { brand: Brand; onViewContent: (brand: Brand) => void }) {
  const titleId = useId();
  return (
    <article className="brand-card" aria-labelledby={titleId}>
      <div className="brand-card-header">
        <span className="brand-logo" aria-hidden="true">
          {brand.logoUrl ? <img src={brand.logoUrl} alt="" /> : initials(brand.name)}
        </span>
        <h2 id={titleId} className="brand-card-title">
          {brand.name}
        </h2>
      </div>
      {brand.description ? <p className="brand-card-description">{brand.description}</p> : null}
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
