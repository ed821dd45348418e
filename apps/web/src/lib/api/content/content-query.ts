import type { ContentSortField, ContentType } from '@fitpost/contract';

/**
 * A content search as the web app builds it (the contract's `contentSearchQuery`, typed after
 * parsing rather than as query-string text). Used by GET /api/content and GET /api/favorite.
 */
export interface ContentListQuery {
  q?: string;
  brandId?: string;
  tagIds?: string[];
  type?: ContentType;
  feedId?: string;
  recommended?: boolean;
  favorites?: boolean;
  /** `all` (admins): also items outside their active window. */
  include?: 'active' | 'all';
  /** Only items whose caption has health-claim warnings (admins' Content Repository, issue 30). */
  hasWarnings?: boolean;
  page: number;
  pagesize: number;
  sort?: ContentSortField;
  desc?: boolean;
}

/** What the library picker (composer, Auto-Post form) searches by. */
export interface LibrarySearch {
  q: string;
  brandId: string | null;
  tagIds: string[];
  favoritesOnly: boolean;
  page: number;
}

type QueryValue = string | number | boolean | undefined;

/** The query string of a content search (`tagIds` as `a,b,c`; empty values are left out). */
export function contentQueryParams(query: ContentListQuery): Record<string, QueryValue> {
  return {
    q: query.q,
    brandId: query.brandId,
    tagIds: query.tagIds && query.tagIds.length > 0 ? query.tagIds.join(',') : undefined,
    type: query.type,
    feedId: query.feedId,
    recommended: query.recommended,
    favorites: query.favorites,
    include: query.include,
    hasWarnings: query.hasWarnings,
    page: query.page,
    pagesize: query.pagesize,
    sort: query.sort,
    desc: query.desc,
  };
}
