import { Modal } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving the screen asks first: a link or Back inside FitPost opens 'Leave without
 * saving?' (Stay keeps the changes; Leave goes on), and closing or reloading the tab gets the
 * browser's own question. Render the returned element where the screen's other holders go.
 */
export function useUnsavedChanges(dirty: boolean): ReactNode {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      okText="Leave"
      okButtonProps={{ danger: true }}
      cancelText="Stay"
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>Your changes on this screen are not saved yet.</p>
    </Modal>
  );
}
