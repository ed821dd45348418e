import { z } from 'zod';
import { uuid } from '../common.js';

// Favourites (each member's own, admins' too): GET /api/favorite takes contentSearchQuery and
// answers a contentPage of the caller's favourites.

export const favoriteParams = z.object({ contentId: uuid });

/** POST /api/favorite: add an item to the caller's favourites (adding twice is fine). */
export const favoriteCreate = z.object({ contentId: uuid });
export type FavoriteCreate = z.infer<typeof favoriteCreate>;

export const favorite = z.object({ contentId: uuid, createdAt: z.iso.datetime() }).meta({ id: 'Favorite' });
export type Favorite = z.infer<typeof favorite>;
