import { sql } from 'drizzle-orm';
import { col, type ReportDefinition } from './sql.js';

export const popularFavorites: ReportDefinition = {
  columns: [col('title', 'Content', 'text'), col('favorites', 'Favorites added')],
  chart: { x: 'title', bars: ['favorites'], stacked: false },
  sort: 'favorites',
  desc: true,
  query: (ctx) => sql`
      select c.title, count(*)::int as favorites
      from favorites f join content_items c on c.id = f.content_id
      join users u on u.id = f.user_id
      where c.portal_id = ${ctx.portalId} and u.portal_id = ${ctx.portalId}
        and f.created_at >= ${ctx.range.start} and f.created_at < ${ctx.range.end}
      group by c.id, c.title`,
};
