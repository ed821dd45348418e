import type { ReportRoute } from '@fitpost/contract';

/** What a report screen asks for; the server reads the days in `tz`. */
export interface ReportParams {
  from: string;
  to: string;
  tz: string;
  network?: string | undefined;
  page: number;
  pagesize: number;
  sort?: string | undefined;
  desc?: boolean | undefined;
  /** The report's view, for a report with several (Link Clicks: post, member, network). */
  by?: string | undefined;
}

/** React-query keys of the reports and of the member's own results. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (route: ReportRoute, params: ReportParams) => ['reports', route, params] as const,
  mine: (params: { from: string; to: string; tz: string }) => ['reports', 'mine', params] as const,
};
