import { sql } from 'drizzle-orm';
import { col, publishedIn, type ReportDefinition } from './sql.js';

export const popularTags: ReportDefinition = {
  columns: [col('tag', 'Tag', 'text'), col('posts', 'Posts'), col('favorites', 'Favorites')],
  chart: { x: 'tag', bars: ['posts', 'favorites'], stacked: false },
  sort: 'posts',
  desc: true,
  // The period's posts counted per item once, then per tag (not one scan of the period per tag).
  query: (ctx) => sql`
      with used as (
        select t.content_id, count(*) as n
        from post_targets t
        where t.portal_id = ${ctx.portalId} and t.content_id is not null and ${publishedIn(ctx)}
        group by 1
      ), posted as (
        select ct.tag_id, sum(used.n) as n from used join content_tags ct on ct.content_id = used.content_id
        group by ct.tag_id
      ), liked as (
        select ct.tag_id, count(*) as n from favorites f join content_tags ct on ct.content_id = f.content_id
        where f.created_at >= ${ctx.range.start} and f.created_at < ${ctx.range.end}
        group by ct.tag_id
      )
      select g.name as tag, coalesce(posted.n, 0)::int as posts, coalesce(liked.n, 0)::int as favorites
      from tags g left join posted on posted.tag_id = g.id left join liked on liked.tag_id = g.id
      where g.portal_id = ${ctx.portalId}`,
};
