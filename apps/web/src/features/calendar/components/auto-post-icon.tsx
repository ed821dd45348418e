import { MinusCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { AutoPostChoice } from '@fitpost/contract';

/** An Auto-Post's shape, so it never rests on colour alone. Decorative: the words say it too. */
export function AutoPostIcon({ choice }: { choice: AutoPostChoice }) {
  const Icon = choice === 'skip' ? MinusCircleOutlined : ThunderboltOutlined;
  return <Icon aria-hidden="true" className="calendar-status-icon" />;
}
