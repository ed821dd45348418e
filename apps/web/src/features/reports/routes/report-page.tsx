import { reportRoute, reportTitles, viewsOf, type ReportRoute } from '@fitpost/contract';
import { DownloadOutlined, MailOutlined } from '@ant-design/icons';
import { App, Button, Empty, Space, Spin } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { NotFound } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { downloadReport, useReport } from '@/features/reports/api/get-report';
import { composeState, messagesPath } from '@/lib/compose-recipients';
import type { ReportParams } from '@/features/reports/api/keys';
import { useStoredUser } from '@/lib/session';
import { memberTimeZone } from '@/lib/zoned-time';
import { BestTimesHeatmap } from '../components/best-times-heatmap';
import { ReportChart } from '../components/report-chart';
import { ReportFilters } from '../components/report-filters';
import { lastThirtyDays, nextThirtyDays } from '../components/report-range';
import { ReportTable } from '../components/report-table';
import '../components/reports.css';

/** Reports that look ahead or at people, where the network filter or dates mean little. */
const withoutNetwork = new Set<ReportRoute>([
  'popularfavorites',
  'populartags',
  'usersinactive',
  'feedusage',
]);

/**
 * One screen for every report: range, network, chart, table, CSV (/app/manage/reports/<report>);
 * Best Times draws its week as a heatmap instead of a chart and a paged table.
 */
export function ReportPageRoute() {
  const parsed = reportRoute.safeParse(useLocation().pathname.split('/').filter(Boolean).pop());
  if (!parsed.success) return <NotFound />;
  return <ReportPage route={parsed.data} />;
}

function ReportPage({ route }: { route: ReportRoute }) {
  const zone = memberTimeZone(useStoredUser());
  const [search, setSearch] = useSearchParams();
  // Upcoming Posts looks ahead: the next 30 days; the others the last 30.
  const ahead = route === 'upcoming';
  const defaults = ahead ? nextThirtyDays(zone) : lastThirtyDays(zone);
  // Best Times is one week of hours (7 × 24 rows), read whole.
  const heatmap = route === 'besttimes';
  // Link Clicks by post, member or network: the view is in the address, the first by default.
  const views = viewsOf(route);
  const view = views.find((v) => v.view === search.get('by'))?.view;
  const params: ReportParams = {
    from: search.get('from') ?? defaults.from,
    to: search.get('to') ?? defaults.to,
    tz: zone,
    network: search.get('network') ?? undefined,
    page: heatmap ? 1 : Number(search.get('page') ?? '1') || 1,
    pagesize: heatmap ? 7 * 24 : Number(search.get('pagesize') ?? '50') || 50,
    sort: search.get('sort') ?? undefined,
    desc: search.has('desc') ? search.get('desc') === 'true' : undefined,
    by: view,
  };
  const report = useReport(route, params);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const title = reportTitles[route];

  const update = (changes: Partial<Record<keyof ReportParams, string | number | boolean | undefined>>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(key);
      else next.set(key, String(value));
    }
    setSearch(next, { replace: true });
  };

  const handleDownload = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await downloadReport(route, params);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setDownloading(false);
    }
  };

  const data = report.data;
  // Inactive Users: write to the members listed (this page), the compose opening with them chosen;
  // the admin can drop any of them there before sending.
  const listed = (data?.memberIds ?? []).map((id, index) => {
    const row = data?.rows[index];
    return { id, label: `${String(row?.member ?? '')} <${String(row?.email ?? '')}>` };
  });
  return (
    <section className="report-page">
      <p className="report-back">
        <Link to="/app/manage/reports">All reports</Link>
      </p>
      <PageHeader
        title={title}
        actions={
          <Space wrap>
            {listed.length > 0 ? (
              <Button
                icon={<MailOutlined />}
                onClick={() => void navigate(messagesPath, { state: composeState(listed) })}
              >
                {listed.length === 1 ? 'Message this member' : `Message these ${listed.length} members`}
              </Button>
            ) : null}
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void handleDownload()}>
              Download CSV
            </Button>
          </Space>
        }
      />
      <ReportFilters
        from={params.from}
        to={params.to}
        zone={zone}
        ahead={ahead}
        network={params.network}
        showNetwork={!withoutNetwork.has(route)}
        onRange={(from, to) => update({ from, to, page: undefined })}
        onNetwork={(network) => update({ network, page: undefined })}
        views={views}
        view={view}
        // Another view has other columns: its own first page in its own order.
        onView={(by) =>
          update({
            by: by === views[0]?.view ? undefined : by,
            page: undefined,
            sort: undefined,
            desc: undefined,
          })
        }
      />
      {report.isError ? (
        <LoadError
          what={title}
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : !data ? (
        <Spin aria-label={`Loading ${title}`} />
      ) : data.rows.length === 0 || (heatmap && data.rows.every((row) => row.posts === 0)) ? (
        <Empty description="Nothing in this period." />
      ) : heatmap ? (
        <BestTimesHeatmap rows={data.rows} timeZone={data.timeZone} />
      ) : (
        <>
          {data.chart ? (
            <ReportChart chart={data.chart} columns={data.columns} rows={data.rows} title={title} />
          ) : null}
          <ReportTable
            caption={title}
            columns={data.columns}
            rows={data.rows}
            total={data.total}
            page={data.page}
            pageSize={data.pageSize}
            loading={report.isFetching}
            sort={params.sort}
            desc={params.desc}
            onChange={({ page, pageSize, sort, desc }) => update({ page, pagesize: pageSize, sort, desc })}
          />
        </>
      )}
    </section>
  );
}
