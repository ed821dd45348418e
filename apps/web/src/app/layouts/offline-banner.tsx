import { useOnline } from '@/lib/online';

/**
 * Said while the browser has no network: the app stays, screens already opened show what they last
 * loaded, and what is typed in Create New is kept on this device; saving and new data wait.
 * Plain markup: it must draw even when antd's chunks are not on this device.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong>You&apos;re offline.</strong> Screens you have opened show what they last loaded, and a post you
      are writing is kept on this device. Saving, posting and new data wait until you are back online.
    </div>
  );
}
