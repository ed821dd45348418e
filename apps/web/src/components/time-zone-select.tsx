import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';

/** Every IANA zone the browser knows, spelled with spaces; `current` first if the browser lacks it. */
function timeZoneOptions(current: string | undefined): { value: string; label: string }[] {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = current === undefined || zones.includes(current) ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

type TimeZoneSelectProps = Omit<SelectProps<string>, 'options' | 'showSearch'> & {
  /** A saved zone to keep listed even if this browser does not know it. */
  current?: string;
};

/** The time-zone picker of System Settings and the organisation's settings: searchable by name. */
export function TimeZoneSelect({ current, ...rest }: TimeZoneSelectProps) {
  const options = useMemo(() => timeZoneOptions(current), [current]);
  return <Select<string> {...rest} showSearch={{ optionFilterProp: 'label' }} options={options} />;
}
