import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Picks an option in an open antd Select. antd's keyboard handling reads `KeyboardEvent.which`, which
 * jsdom leaves at 0, so tests click the visible option, as a mouse user would.
 */
export async function chooseOption(user: UserEvent, name: string): Promise<void> {
  const option = await screen.findByText(name, { selector: '.ant-select-item-option-content' });
  await user.click(option);
}

/**
 * The antd Modal or Drawer titled `title`. Under NODE_ENV=test antd gives every generated id the same
 * value ("test-id"), so `aria-labelledby` cannot tell dialogs apart; find the title, then its dialog.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-drawer-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`"${title}" is not inside a dialog`);
  return dialog;
}
