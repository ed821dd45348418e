import { formatCount, systemUserId } from '../constants.js';

// Zod-free, like texts.ts and names.ts: Browse Library, a phone's first screen, shows some of these
// without loading zod or building a schema (docs/architecture.md §2 and §5).

/** Every text the library's screens and errors show, in one place. */
export const libraryMessages = {
  titleRequired: 'Please add a title',
  brandNameRequired: 'Please name the brand',
  tagNameRequired: 'Please name the tag',
  tagNameTaken: 'A tag with that name already exists',
  brandNameTaken: 'A brand with that name already exists',
  windowOrder: 'The active window must end after it starts',
  graphicNotYours: 'Choose an image you uploaded',
  unknownBrand: 'Choose a brand of this portal',
  brandColour: 'Choose a color written #rrggbb, such as #1d3b6f',
  brandWebsite: 'Enter the website as an http:// or https:// URL',
  brandMoveToItself: 'Choose another brand to move the content to',
  /** A brand that content still uses cannot be deleted without saying where its items go. */
  brandInUse: (name: string, items: number) =>
    `${name} is used by ${formatCount(items)} ${items === 1 ? 'content item' : 'content items'}. Move ${items === 1 ? 'it' : 'them'} to another brand to delete it.`,
  unknownTags: 'Choose tags of this portal',
  adminOnly: 'Only administrators can change the content library',
  allContentAdminOnly: 'Only administrators can list content outside its active window',
  feedNameRequired: 'Please name the feed',
  feedUrlInvalid: 'Enter the feed address as an http:// or https:// URL',
  linkInvalid: 'Enter the link as an http:// or https:// URL',
  systemFeedAdminOnly: 'Only administrators can add or change system feeds',
  systemFeedUser: `A system feed belongs to no member: its userId is ${systemUserId}`,
  feedOtherMember: 'You can only manage your own feeds',
  feedOtherPortal: 'You can only list feeds of your own portal',
  consumeOtherMember: 'You can only refresh your own feeds',
  idMismatch: 'The id in the body does not match the URL',
  idOnCreate: 'Leave id empty (or 0) to create; use PUT with the id to update',
  emptyResults: 'No content matches your search',
  emptyFavorites: 'You have no favorites yet',
} as const;
