import { messages } from '@fitpost/contract';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PlainButton } from '@/components/plain-controls';
import { MyScheduledPosts } from '../components/my-scheduled-posts';
import { SidebarTour } from '../components/sidebar-tour';

interface DashboardRouteProps {
  /** The portal's recommended library content, from the library feature (composed by src/app). */
  recommended?: ReactNode;
  /** The upcoming Auto-Posts panel and 'At a Glance', from the autopost feature: src/app composes them. */
  autoPosts?: ReactNode;
  atAGlance?: ReactNode;
}

/** /app/dashboard: Recommended Posts (spec §2): recommended library content, upcoming Auto-Posts, 'At a Glance', 'My Scheduled Posts'. */
export function DashboardRoute({ recommended, autoPosts, atAGlance }: DashboardRouteProps) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Recommended Posts"
        description="Recommended posts are ready-made posts from your organization. With Auto-Post switched on, FitPost publishes them to your connected social platforms for you, on schedule — or create a post of your own."
        actions={
          <PlainButton variant="primary" onClick={() => void navigate('/app/posts/post')}>
            {messages['action.compose']}
          </PlainButton>
        }
      />
      <div className="card-grid">
        {recommended}
        {autoPosts}
        {atAGlance ?? (
          <section className="panel" aria-labelledby="at-a-glance-title">
            <h2 id="at-a-glance-title" className="card-title">
              At a Glance
            </h2>
            <p className="empty-note">
              Nothing to count yet. Once you schedule or publish posts, your totals appear here.
            </p>
          </section>
        )}
        <MyScheduledPosts />
      </div>
      <SidebarTour />
    </>
  );
}
