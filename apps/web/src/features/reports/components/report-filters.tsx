import { networkNames, networks } from '@fitpost/contract';
import { DatePicker, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { rangePresets } from './report-range';

/**
 * The date range (days in the admin's zone) with one-click periods (looking ahead for Upcoming
 * Posts), and, where it applies, the network.
 */
export function ReportFilters(props: {
  from: string;
  to: string;
  zone: string;
  ahead?: boolean;
  network?: string | undefined;
  showNetwork?: boolean;
  onRange: (from: string, to: string) => void;
  onNetwork?: (network: string | undefined) => void;
}) {
  const { from, to, zone, ahead = false, network, showNetwork = true, onRange, onNetwork } = props;
  const periodLabel = useId();
  const presets = rangePresets[ahead ? 'ahead' : 'past'].map((preset) => ({
    label: preset.label,
    ...preset.range(zone),
  }));
  const chosen = presets.find((preset) => preset.from === from && preset.to === to)?.label;
  return (
    <div className="report-filters">
      <div className="report-filter">
        <span id={periodLabel}>Period</span>
        <Radio.Group
          aria-labelledby={periodLabel}
          optionType="button"
          size="large"
          className="report-presets"
          value={chosen ?? null}
          options={presets.map((preset) => ({ value: preset.label, label: preset.label }))}
          onChange={(event) => {
            const preset = presets.find((p) => p.label === event.target.value);
            if (preset) onRange(preset.from, preset.to);
          }}
        />
      </div>
      <label className="report-filter">
        <span>Dates ({zone})</span>
        <DatePicker.RangePicker
          value={[dayjs(from), dayjs(to)]}
          allowClear={false}
          size="large"
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
            size="large"
            style={{ minWidth: 160 }}
            options={[
              { value: 'all', label: 'All networks' },
              ...networks.map((n) => ({ value: n, label: networkNames[n] })),
            ]}
            onChange={(value: string) => onNetwork(value === 'all' ? undefined : value)}
          />
        </div>
      ) : null}
    </div>
  );
}
