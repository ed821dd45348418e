import { networkNames, networks } from '@fitpost/contract';
import { DatePicker, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { rangePresets } from './report-range';

/**
 * The date range (days in the admin's zone) with one-click periods (looking ahead for Upcoming
 * Posts), where it applies the network, and for a report with several views (Link Clicks: by post,
 * member or network) which one.
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
  views?: { view: string; label: string }[];
  view?: string | undefined;
  onView?: (view: string) => void;
}) {
  const { from, to, zone, ahead = false, network, showNetwork = true, onRange, onNetwork } = props;
  const { views = [], view, onView } = props;
  const presets = rangePresets[ahead ? 'ahead' : 'past'].map((preset) => ({
    label: preset.label,
    ...preset.range(zone),
  }));
  const chosen = presets.find((preset) => preset.from === from && preset.to === to)?.label;
  return (
    <div className="report-filters">
      {views.length > 0 && onView ? (
        <ChoiceGroup
          label="View"
          value={view ?? views[0]?.view ?? null}
          options={views.map((v) => ({ value: v.view, label: v.label }))}
          onChange={onView}
        />
      ) : null}
      <ChoiceGroup
        label="Period"
        value={chosen ?? null}
        options={presets.map((preset) => ({ value: preset.label, label: preset.label }))}
        onChange={(label) => {
          const preset = presets.find((p) => p.label === label);
          if (preset) onRange(preset.from, preset.to);
        }}
      />
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

/** One labelled row of buttons choosing one value (the period, the view). */
function ChoiceGroup(props: {
  label: string;
  value: string | null;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const labelId = useId();
  return (
    <div className="report-filter">
      <span id={labelId}>{props.label}</span>
      <Radio.Group
        aria-labelledby={labelId}
        optionType="button"
        size="large"
        className="report-presets"
        value={props.value}
        options={props.options}
        onChange={(event) => props.onChange(String(event.target.value))}
      />
    </div>
  );
}
