import { networkNames, type Network } from '@fitpost/contract';
import { Modal } from 'antd';
import { NetworkIcon } from '@/components/network-icon';

const choices: { network: Network; description: string }[] = [
  {
    network: 'x',
    description: 'Post to your X profile. You approve FitPost on X, then come straight back here.',
  },
  {
    network: 'linkedin',
    description: 'Post to your LinkedIn profile. You sign in to LinkedIn in a small window.',
  },
  {
    network: 'facebook',
    description: 'Post to Facebook Pages you manage. You sign in to Facebook in a small window.',
  },
  {
    network: 'instagram',
    description:
      'Post to Instagram professional accounts linked to your Facebook Pages. You sign in with Facebook.',
  },
];

interface AddConnectionModalProps {
  open: boolean;
  onClose: () => void;
  /** Called inside the click, so a popup can open. */
  onChoose: (network: Network) => void;
}

/** 'Add New Connection': one large button per network. */
export function AddConnectionModal({ open, onClose, onChoose }: AddConnectionModalProps) {
  return (
    <Modal title="Choose a Network to Connect" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <p className="muted">
        FitPost publishes your scheduled posts and Auto-Posts to the accounts you connect.
      </p>
      <ul className="network-choices">
        {choices.map(({ network, description }) => (
          <li key={network}>
            <button
              type="button"
              className="network-choice"
              aria-label={networkNames[network]}
              aria-describedby={`network-choice-${network}-description`}
              onClick={() => onChoose(network)}
            >
              <NetworkIcon network={network} className="network-choice-icon" />
              <span className="network-choice-text">
                <span className="network-choice-name">{networkNames[network]}</span>
                <span id={`network-choice-${network}-description`} className="network-choice-description">
                  {description}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
