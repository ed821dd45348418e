import { networks, networkServiceNames } from '@fitpost/contract';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';

/** The date range (days in the admin's zone) and, where it applies, the network. */
export function ReportFilters(props: {
  from: string;
  to: string;
  zone: string;
  network?: string | undefined;
  showNetwork?: boolean;
  onRange: (from: string, to: string) => void;
  onNetwork?: (network: string | undefined) => void;
}) {
  const { from, to, zone, network, showNetwork = true, onRange, onNetwork } = props;
  return (
    <div className="report-filters">
      <label className="report-filter">
        <span>Dates ({zone})</span>
        <DatePicker.RangePicker
          value={[dayjs(from), dayjs(to)]}
          allowClear={false}
          placeholder={['Start date', 'End date']}
          onChange={(range) => {
            const [start, end] = range ?? [];
            if (start && end) onRange(start.format('YYYY-MM-DD'), end.format('YYYY-MM-DD'));
          }}
        />
      </label>
      {showNetwork && onNetwork ? (
        <div className="report-filter">
          <span id="report-network-label">Network</span>
          <Select
            aria-labelledby="report-network-label"
            value={network ?? 'all'}
            style={{ minWidth: 160 }}
            options={[
              { value: 'all', label: 'All networks' },
              ...networks.map((n) => ({ value: n, label: networkServiceNames[n] })),
            ]}
            onChange={(value: string) => onNetwork(value === 'all' ? undefined : value)}
          />
        </div>
      ) : null}
    </div>
  );
}
