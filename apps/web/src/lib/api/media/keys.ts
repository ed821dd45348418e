/**
 * React-query keys of the member's images (GET /api/media/{id}): the composer reads its graphic with
 * them, and puts an upload's answer there.
 */
export const mediaKeys = {
  item: (id: string) => ['media', id] as const,
};
