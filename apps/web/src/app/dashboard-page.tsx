import { lazy, Suspense, type ReactNode } from 'react';
import { PageLoader } from '@/components/page-loader';
import { DashboardRoute } from '@/features/dashboard/routes/dashboard';
import { RecommendedContent } from '@/features/library/components/recommended-content';
import { loadModule } from '@/lib/module-load';

// Loaded after the dashboard shows: their time-zone code stays out of its initial JavaScript.
// Recommended for You is not among them: it opens the screen (its first graphic is what a phone
// paints largest), so it comes with the screen's own code rather than one request later.
const RecommendedAutoPosts = lazy(
  loadModule(async () => ({
    default: (await import('@/features/autopost/components/recommended-auto-posts')).RecommendedAutoPosts,
  })),
);
const AtAGlance = lazy(
  loadModule(async () => ({
    default: (await import('@/features/autopost/components/at-a-glance')).AtAGlance,
  })),
);

function Panel({ wide, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="panel" style={wide ? { gridColumn: '1 / -1' } : undefined}>
          <PageLoader />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * /app/dashboard. Recommended Posts' recommended library content belongs to the library feature, its
 * upcoming Auto-Posts and 'At a Glance' to the autopost feature; like settings-page.tsx, this app-layer module plugs them into the dashboard feature's screen.
 */
export function DashboardPage() {
  return (
    <DashboardRoute
      recommended={<RecommendedContent />}
      autoPosts={
        <Panel wide>
          <RecommendedAutoPosts />
        </Panel>
      }
      atAGlance={
        <Panel>
          <AtAGlance />
        </Panel>
      }
    />
  );
}
