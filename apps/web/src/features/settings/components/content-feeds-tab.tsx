import { Empty } from 'antd';

/** Content Feeds: built by a later issue, which also brings 'Refresh Feed Data'. */
export function ContentFeedsTab() {
  return (
    <section aria-labelledby="content-feeds-title">
      <h2 id="content-feeds-title" className="section-title">
        Content Feeds
      </h2>
      <Empty
        description={
          <span>
            Coming soon: choosing your content feeds, and &lsquo;Refresh Feed Data&rsquo; to fetch their
            latest posts, arrive in a later release.
          </span>
        }
      />
    </section>
  );
}
