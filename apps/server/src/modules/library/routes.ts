import type { FastifyInstance } from 'fastify';
import type { LibraryDeps } from './access.js';
import { brandRoutes } from './brand-routes.js';
import { contentRoutes } from './content-routes.js';
import { tagRoutes } from './tag-routes.js';

/** The content library's API: brands, content, tags and favourites (thin routes over the services). */
export function libraryRoutes(app: FastifyInstance, deps: LibraryDeps) {
  brandRoutes(app, deps);
  contentRoutes(app, deps);
  tagRoutes(app, deps);
}
