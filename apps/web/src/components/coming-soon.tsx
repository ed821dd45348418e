import { Empty } from 'antd';
import { useRouteTitle } from '@/lib/route-title';
import { PageHeader } from './page-header';

/**
 * Placeholder for an area a later issue builds. Its title comes from the route table's `handle`,
 * so one entry per route is all it takes; later issues replace the entry with the real screen.
 */
export function ComingSoon({ title }: { title?: string }) {
  const routeTitle = useRouteTitle();
  const heading = title ?? routeTitle ?? 'Coming soon';
  return (
    <>
      <PageHeader title={heading} />
      <div className="panel">
        <Empty description={<span>Coming soon: this part of FitPost arrives in a later release.</span>} />
      </div>
    </>
  );
}
