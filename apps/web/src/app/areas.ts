import { reportRoutes, reportTitles } from '@fitpost/contract';

/** Report screens under /app/manage/reports/ (spec §2), shared by the route table and the sidebar. */
export const reportAreas = reportRoutes.map((path) => ({ path, title: reportTitles[path] }));
