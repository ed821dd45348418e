import { reportApi, reportResult, type ReportResult, type ReportRoute } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { reportKeys, type ReportParams } from './keys';

const queryOf = (params: ReportParams) => ({
  from: params.from,
  to: params.to,
  tz: params.tz,
  network: params.network,
  page: params.page,
  pagesize: params.pagesize,
  sort: params.sort,
  desc: params.desc === undefined ? undefined : String(params.desc),
  by: params.by,
});

/** GET /api/report/{route}: one page of a report (admins). */
function getReport(route: ReportRoute, params: ReportParams, signal?: AbortSignal): Promise<ReportResult> {
  return apiRequest(reportApi.report(route), { query: queryOf(params), schema: reportResult, signal });
}

export function useReport(route: ReportRoute, params: ReportParams) {
  return useQuery({
    queryKey: reportKeys.report(route, params),
    queryFn: ({ signal }) => getReport(route, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/report/{route}?format=csv: the whole report as a CSV file. */
export function downloadReport(route: ReportRoute, params: ReportParams) {
  const { page: _page, pagesize: _size, ...rest } = queryOf(params);
  return apiDownload(reportApi.report(route), {
    query: { ...rest, format: 'csv' },
    fallbackName: `fitpost-${route}-${params.from}-to-${params.to}.csv`,
  });
}
