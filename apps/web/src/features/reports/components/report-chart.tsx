import type { ReportCell, ReportChart as Chart, ReportColumn } from '@fitpost/contract';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const palette = ['#1d3b6f', '#2f7d6d', '#c26b1e', '#7a4fa3', '#5b6b7c'];

/** The report's chart (recharts, loaded with the report screens only): bars, stacked or side by side, and a line. */
export function ReportChart(props: {
  chart: Chart;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  title: string;
}) {
  const { chart, columns, rows, title } = props;
  const label = (key: string) => columns.find((c) => c.key === key)?.label ?? key;
  const data = rows.slice(0, 40);
  return (
    <figure className="report-chart" aria-label={`${title} chart`}>
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey={chart.x} tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
          <Tooltip />
          <Legend />
          {chart.bars.map((key, index) => (
            <Bar
              key={key}
              dataKey={key}
              name={label(key)}
              fill={palette[index % palette.length]}
              {...(chart.stacked ? { stackId: 'bars' } : {})}
            />
          ))}
          {chart.line ? (
            <Line type="monotone" dataKey={chart.line} name={label(chart.line)} stroke="#b3261e" />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">{title}: the table below holds the same figures.</figcaption>
    </figure>
  );
}
