import { networkNames, networks, postStatusLabels, type Network, type PostStatus } from '@fitpost/contract';
import { Button, Input, Select } from 'antd';
import { useId } from 'react';

export interface PostFilterValues {
  network?: Network;
  status?: PostStatus;
  /** Days in the member's zone, `YYYY-MM-DD`. */
  fromDate?: string;
  toDate?: string;
}

interface PostFiltersProps {
  values: PostFilterValues;
  statuses: readonly PostStatus[];
  onChange: (values: PostFilterValues) => void;
}

/** Network, status (within the tab) and a date range in the member's zone. */
export function PostFilters({ values, statuses, onChange }: PostFiltersProps) {
  const ids = useId();
  const filtered = Object.values(values).some((value) => value !== undefined);
  return (
    <div className="posts-toolbar" role="search" aria-label="Filter posts">
      <div className="posts-field">
        <label htmlFor={`${ids}-network`}>Network</label>
        <Select<Network>
          id={`${ids}-network`}
          placeholder="All networks"
          allowClear
          value={values.network}
          onChange={(network) => onChange({ ...values, network })}
          options={networks.map((network) => ({ value: network, label: networkNames[network] }))}
        />
      </div>
      {statuses.length > 1 ? (
        <div className="posts-field">
          <label htmlFor={`${ids}-status`}>Status</label>
          <Select<PostStatus>
            id={`${ids}-status`}
            placeholder="Any status"
            allowClear
            value={values.status}
            onChange={(status) => onChange({ ...values, status })}
            options={statuses.map((status) => ({ value: status, label: postStatusLabels[status] }))}
          />
        </div>
      ) : null}
      <div className="posts-field">
        <label htmlFor={`${ids}-from`}>From</label>
        <Input
          id={`${ids}-from`}
          type="date"
          value={values.fromDate ?? ''}
          max={values.toDate}
          onChange={(event) => onChange({ ...values, fromDate: event.target.value || undefined })}
        />
      </div>
      <div className="posts-field">
        <label htmlFor={`${ids}-to`}>To</label>
        <Input
          id={`${ids}-to`}
          type="date"
          value={values.toDate ?? ''}
          min={values.fromDate}
          onChange={(event) => onChange({ ...values, toDate: event.target.value || undefined })}
        />
      </div>
      {filtered ? <Button onClick={() => onChange({})}>Clear filters</Button> : null}
    </div>
  );
}
