import { FacebookFilled, InstagramOutlined, LinkedinFilled, XOutlined } from '@ant-design/icons';
import type { Network } from '@fitpost/contract';

const icons = {
  x: XOutlined,
  linkedin: LinkedinFilled,
  facebook: FacebookFilled,
  instagram: InstagramOutlined,
} satisfies Record<Network, unknown>;

/** The network's logo. Decorative: the network's name is always written beside it. */
export function NetworkIcon({ network }: { network: Network }) {
  const Icon = icons[network];
  return <Icon aria-hidden="true" className={`network-icon network-icon-${network}`} />;
}
