import type { Network } from '@fitpost/contract';
import { NetworkLabel } from '@/components/network-icon';

/** The networks an Auto-Post goes to, each with its logo and name. */
export function NetworkList({ networks }: { networks: Network[] }) {
  if (networks.length === 0) return <span className="muted">None</span>;
  return (
    <ul className="autopost-networks">
      {networks.map((network) => (
        <li key={network}>
          <NetworkLabel network={network} />
        </li>
      ))}
    </ul>
  );
}
