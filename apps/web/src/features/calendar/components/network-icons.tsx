import { FacebookFilled, InstagramOutlined, LinkedinFilled, XOutlined } from '@ant-design/icons';
import type { Network } from '@fitpost/contract';

const icons = {
  x: XOutlined,
  linkedin: LinkedinFilled,
  facebook: FacebookFilled,
  instagram: InstagramOutlined,
} satisfies Record<Network, unknown>;

/** The networks' logos side by side. Decorative: the networks are always named in words as well. */
export function NetworkIcons({ networks }: { networks: Network[] }) {
  return (
    <span className="calendar-network-icons" aria-hidden="true">
      {networks.map((network) => {
        const Icon = icons[network];
        return <Icon key={network} />;
      })}
    </span>
  );
}
