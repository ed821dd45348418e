import { sql } from 'drizzle-orm';
import { trackedClicksLabel } from '@fitpost/contract';
import { linkClicksIn } from './link-clicks.js';
import {
  col,
  engagementColumns,
  engagementIn,
  engagementSums,
  publishedIn,
  type ReportDefinition,
} from './sql.js';

export const popularContent: ReportDefinition = {
  columns: [
    col('title', 'Content', 'text'),
    col('posts', "Members' posts"),
    col('autoPosts', 'Auto-Post deliveries'),
    ...engagementColumns,
    col('linkClicks', trackedClicksLabel),
  ],
  chart: { x: 'title', bars: ['posts', 'autoPosts'], stacked: true },
  sort: 'posts',
  desc: true,
  // A post made from a library item carries it (an Auto-Post's deliveries too: the fan-out copies the
  // Auto-Post's item onto each member's post), and each of its targets a copy of it and of whether
  // the post came from an Auto-Post: the month is read off post_targets_portal_content_idx alone.
  // FitPost link clicks: the range's clicks on the links of posts made from the item (each link
  // carries its post's item), whenever the post went out.
  query: (ctx) => sql`
      with used as (
        select t.content_id,
          count(*) filter (where not t.from_auto_post)::int as posts,
          count(*) filter (where t.from_auto_post)::int as "autoPosts",
          ${engagementSums}
        from post_targets t
        left join post_metrics m on m.target_id = t.id and ${engagementIn(ctx)}
        where t.portal_id = ${ctx.portalId} and t.content_id is not null and ${publishedIn(ctx)}
        group by t.content_id
      ), lc as (${linkClicksIn(ctx, 'l.content_id')})
      select c.title, coalesce(used.posts, 0) as posts, coalesce(used."autoPosts", 0) as "autoPosts",
        used.impressions, used.likes, used.comments, used.shares, used.clicks,
        coalesce(lc.clicks, 0) as "linkClicks"
      from used full join lc on lc.key = used.content_id
      join content_items c on c.id = coalesce(used.content_id, lc.key)`,
};
