import { sql } from 'drizzle-orm';
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
  ],
  chart: { x: 'title', bars: ['posts', 'autoPosts'], stacked: true },
  sort: 'posts',
  desc: true,
  // A post made from a library item carries it (an Auto-Post's deliveries too: the fan-out copies the
  // Auto-Post's item onto each member's post), and each of its targets a copy of it and of whether
  // the post came from an Auto-Post: the month is read off post_targets_portal_content_idx alone.
  query: (ctx) => sql`
      select c.title,
        count(*) filter (where not t.from_auto_post)::int as posts,
        count(*) filter (where t.from_auto_post)::int as "autoPosts",
        ${engagementSums}
      from post_targets t join content_items c on c.id = t.content_id
      left join post_metrics m on m.target_id = t.id and ${engagementIn(ctx)}
      where t.portal_id = ${ctx.portalId} and t.content_id is not null and ${publishedIn(ctx)}
      group by c.id, c.title`,
};
