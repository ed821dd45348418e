import { reportDescriptions, reportRoutes, reportTitles } from '@fitpost/contract';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import '../components/reports.css';

/** /app/manage/reports: every report, with what it tells. */
export function ReportsIndexRoute() {
  return (
    <section>
      <PageHeader
        title="Reports"
        description="What your members publish and what it earns on the networks. Reports show other members' data, so only administrators see them."
      />
      <ul className="reports-index">
        {reportRoutes.map((route) => (
          <li key={route}>
            <Link to={`/app/manage/reports/${route}`}>{reportTitles[route]}</Link>
            <p>{reportDescriptions[route]}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
