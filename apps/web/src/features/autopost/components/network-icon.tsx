import { FacebookFilled, InstagramOutlined, LinkedinFilled, XOutlined } from '@ant-design/icons';
import { networkNames, type Network } from '@fitpost/contract';

const icons = {
  x: XOutlined,
  linkedin: LinkedinFilled,
  facebook: FacebookFilled,
  instagram: InstagramOutlined,
} satisfies Record<Network, unknown>;

/** The network's logo. Decorative: its name is always written beside it. */
export function NetworkIcon({ network }: { network: Network }) {
  const Icon = icons[network];
  return <Icon aria-hidden="true" className={`network-icon network-icon-${network}`} />;
}

/** The networks an Auto-Post goes to, each with its logo and name. */
export function NetworkList({ networks }: { networks: Network[] }) {
  if (networks.length === 0) return <span className="muted">None</span>;
  return (
    <ul className="autopost-networks">
      {networks.map((network) => (
        <li key={network} className="network-label">
          <NetworkIcon network={network} />
          {networkNames[network]}
        </li>
      ))}
    </ul>
  );
}
