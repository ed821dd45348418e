import { FacebookFilled, InstagramOutlined, LinkedinFilled, XOutlined } from '@ant-design/icons';
import { networkNames, type Network } from '@fitpost/contract';

const icons = {
  x: XOutlined,
  linkedin: LinkedinFilled,
  facebook: FacebookFilled,
  instagram: InstagramOutlined,
} satisfies Record<Network, unknown>;

/** The network's logo in its colour. Decorative: the network is always named in words as well. */
export function NetworkIcon({ network, className }: { network: Network; className?: string }) {
  const Icon = icons[network];
  const classes = ['network-icon', `network-icon-${network}`, className].filter(Boolean).join(' ');
  return <Icon aria-hidden="true" className={classes} />;
}

/** The network's logo followed by its name (the contract's). */
export function NetworkLabel({ network }: { network: Network }) {
  return (
    <span className="network-label">
      <NetworkIcon network={network} />
      {networkNames[network]}
    </span>
  );
}

/** Several networks' logos side by side. Decorative: the networks are always named in words as well. */
export function NetworkIcons({ networks }: { networks: Network[] }) {
  return (
    <span className="network-icons" aria-hidden="true">
      {networks.map((network) => (
        <NetworkIcon key={network} network={network} />
      ))}
    </span>
  );
}
