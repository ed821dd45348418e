import { formatCount, type Network, networkNames } from '@fitpost/contract';
import { networkCount } from '../model/post-text';
import { NetworkIcon } from '@/components/network-icon';

/**
 * A live count per chosen network, as that network counts: X weighs every link as 23 and most emoji
 * as 2; LinkedIn, Facebook and Instagram count UTF-16 units (an emoji is 2 or more).
 */
export function CharacterCounts({ networks, text }: { networks: Network[]; text: string }) {
  if (networks.length === 0) {
    return <p className="composer-hint">Choose a social network to see how many characters it allows.</p>;
  }
  return (
    <ul className="char-counts" aria-label="Characters used per network">
      {networks.map((network) => {
        const count = networkCount(network, text);
        return (
          <li
            key={network}
            className={`char-count${count.over ? ' is-over' : ''}`}
            data-network={network}
            title={count.over ? `${formatCount(count.length - count.limit)} over the limit` : undefined}
          >
            <NetworkIcon network={network} />
            <span>
              {networkNames[network]} {formatCount(count.length)} / {formatCount(count.limit)}
              {count.over ? <span className="visually-hidden"> (too long)</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
