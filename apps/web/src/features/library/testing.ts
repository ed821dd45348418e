import type { Brand, ContentItem, ContentPage, Tag } from '@fitpost/contract';

/** Test data for the library's component tests. */
export function makeBrand(overrides: Partial<Brand> = {}): Brand {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    name: 'Strength Lab',
    description: 'Barbell basics and progressive overload.',
    logoMediaId: null,
    logoUrl: null,
    colour: null,
    website: null,
    contentCount: 12,
    itemCount: 12,
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeTag(overrides: Partial<Tag> = {}): Tag {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    name: 'Squats',
    searchable: true,
    contentCount: 4,
    createdAt: '2025-01-03T10:00:00.000Z',
    ...overrides,
  };
}

export function makeContentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    type: 'library',
    title: 'Five cues for a stronger squat',
    body: 'Brace, breathe, and drive through the whole foot. Save this for your next leg day!',
    mediaId: 'd0000000-0000-4000-8000-000000000001',
    graphicUrl: 'http://localhost:3000/media/d0000000-0000-4000-8000-000000000001.jpg',
    link: null,
    brand: { id: 'b0000000-0000-4000-8000-000000000001', name: 'Strength Lab' },
    tags: [{ id: 'a0000000-0000-4000-8000-000000000001', name: 'Squats', searchable: true }],
    feed: null,
    activeFrom: null,
    activeUntil: null,
    active: true,
    recommended: false,
    createdBy: { id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', fullName: 'Ada Admin' },
    publishedAt: '2025-03-01T09:00:00.000Z',
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    favorite: false,
    scheduled: false,
    posted: false,
    warnings: [],
    ...overrides,
  };
}

export function pageOf(items: ContentItem[], page = 1, pageSize = 24, total = items.length): ContentPage {
  return { items, total, page, pageSize };
}
