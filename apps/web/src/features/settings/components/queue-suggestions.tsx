import {
  networkNames,
  networks,
  suggestionBasisText,
  weekdayNames,
  type QueueSuggestions,
} from '@fitpost/contract';
import { Button } from 'antd';
import { LoadError } from '@/components/load-error';
import { useQueueSuggestions } from '@/lib/api/queue/get-queue-suggestions';
import { formatClock } from '@/lib/zoned-time';

/** "2.2× an average hour", or nothing for FitPost's defaults (no figures behind them). */
const scoreText = (score: number | null) =>
  score === null ? null : `${score.toLocaleString('en-US', { maximumFractionDigits: 1 })}× an average hour`;

function SuggestionList({ data }: { data: QueueSuggestions }) {
  return (
    <dl className="queue-suggestion-list">
      {networks.map((network) => {
        const slots = data.slots.filter((s) => s.network === network);
        if (slots.length === 0) return null;
        return (
          <div key={network}>
            <dt>{networkNames[network]}</dt>
            <dd>
              <ul>
                {slots.map((s) => (
                  <li key={`${s.day} ${s.time}`}>
                    {weekdayNames[s.day - 1]} {formatClock(s.time)}
                    {s.score === null ? null : <span className="muted"> · {scoreText(s.score)}</span>}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * Suggested Times, beside the member's week in System Settings → Posting Queue: the best hours per
 * network and, honestly, whose posts they come from. 'Use suggested times' replaces the week with
 * them (one save); 'Reset' puts back the week from before.
 */
export function QueueSuggestionsPanel(props: {
  onUse: (suggestions: QueueSuggestions) => void;
  onReset: (() => void) | null;
  busy: boolean;
}) {
  const suggestions = useQueueSuggestions();
  return (
    <aside className="queue-suggestions" aria-labelledby="queue-suggestions-title">
      <h3 id="queue-suggestions-title" className="queue-suggestions-title">
        Suggested Times
      </h3>
      {suggestions.isPending ? (
        <p className="muted">Loading suggested times…</p>
      ) : suggestions.isError ? (
        <LoadError
          what="Suggested times"
          type="warning"
          error={suggestions.error}
          onRetry={() => void suggestions.refetch()}
          retrying={suggestions.isFetching}
        />
      ) : (
        <>
          <p data-testid="queue-suggestions-basis">
            <strong>{suggestionBasisText(suggestions.data)}</strong>
            {suggestions.data.basis === 'default'
              ? ': hours when people commonly read each network, until there are figures of your own.'
              : ': the hours when posts got the most likes, comments, shares and link clicks per post.'}
          </p>
          <SuggestionList data={suggestions.data} />
          <div className="queue-actions">
            <Button
              loading={props.busy}
              disabled={suggestions.data.slots.length === 0}
              onClick={() => props.onUse(suggestions.data)}
            >
              Use suggested times
            </Button>
            {props.onReset ? (
              <Button onClick={props.onReset} disabled={props.busy}>
                Reset
              </Button>
            ) : null}
          </div>
        </>
      )}
    </aside>
  );
}
