import {
  formatCount,
  mergeFieldLabels,
  mergeFieldsWithoutFallback,
  readsWithout,
  type MergeFieldName,
  type Network,
} from '@fitpost/contract';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useMemberDetailGaps } from '@/lib/api/auto-posts/get-member-detail-gaps';

interface MergeFieldGapsProps {
  /** The caption and its X variants. */
  texts: readonly string[];
  networks: readonly Network[];
  /** Gives every `{name}` without a fallback this one. */
  onAddFallback: (name: MergeFieldName, fallback: string) => void;
}

/**
 * Before scheduling: for each field the caption uses without a fallback, how many opted-in members
 * have no value for it and what they will read instead, with a box to add a fallback.
 */
export function MergeFieldGaps({ texts, networks, onAddFallback }: MergeFieldGapsProps) {
  const bare = [...new Set(texts.flatMap(mergeFieldsWithoutFallback))];
  const gaps = useMemberDetailGaps(networks, bare.length > 0);
  if (!gaps.data || gaps.data.members === 0) return null;
  const { members, missing } = gaps.data;
  const lacking = bare.filter((name) => missing[name] > 0);
  if (lacking.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="merge-field-gaps"
      title="Some members are missing details"
      description={
        <ul className="merge-field-gaps-list">
          {lacking.map((name) => (
            <MergeFieldGap
              key={name}
              name={name}
              sentence={texts.map((t) => readsWithout(t, name)).find(Boolean) ?? ''}
              count={missing[name]}
              members={members}
              onAddFallback={onAddFallback}
            />
          ))}
        </ul>
      }
    />
  );
}

function MergeFieldGap({
  name,
  sentence,
  count,
  members,
  onAddFallback,
}: {
  name: MergeFieldName;
  sentence: string;
  count: number;
  members: number;
  onAddFallback: MergeFieldGapsProps['onAddFallback'];
}) {
  const [fallback, setFallback] = useState('');
  const label = mergeFieldLabels[name].toLowerCase();
  const inputId = `merge-gap-${name}`;
  const reads = sentence ? `they will read “${sentence}”` : 'that part is left out of their post';
  return (
    <li className="merge-field-gap">
      <p>
        {formatCount(count)} of {formatCount(members)} members have no {label}: {reads}.
      </p>
      <div className="merge-field-gap-fix">
        <label htmlFor={inputId}>What they get instead</label>
        <Input
          id={inputId}
          value={fallback}
          placeholder={name === 'city' ? 'near you' : undefined}
          onChange={(event) => setFallback(event.target.value)}
        />
        <Button disabled={!fallback.trim()} onClick={() => onAddFallback(name, fallback)}>
          Add fallback
        </Button>
      </div>
    </li>
  );
}
