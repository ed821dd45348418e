import type { TabsProps } from 'antd';
import { PageTabs } from '@/components/page-tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { EmailSettings } from '../components/email-settings';
import { HelpTab } from '../components/help-tab';
import { QueueSlotsEditor } from '../components/queue-slots-editor';
import { SystemSettingsTab } from '../components/system-settings-tab';
import { AutoPostDetails } from '../components/auto-post-details';
import { settingsTabs } from '../settings-tabs';

interface SettingsRouteProps {
  /**
   * The Social Platforms tab's content. It belongs to the social feature, which this feature may not
   * import: src/app composes the two (app/settings-page.tsx).
   */
  socialPlatforms: ReactNode;
  /** The Content Feeds tab's content, from the feeds feature (composed the same way). */
  contentFeeds: ReactNode;
  /** Shown under System Settings: the Auto-Post opt-in per account, from the autopost feature. */
  autoPost?: ReactNode;
}

/** /app/settings: the member's account settings. */
export function SettingsRoute({ socialPlatforms, contentFeeds, autoPost }: SettingsRouteProps) {
  const items: NonNullable<TabsProps['items']> = [
    { key: settingsTabs.social, label: 'Social Platforms', children: socialPlatforms },
    {
      key: settingsTabs.system,
      label: 'System Settings',
      children: (
        <>
          <SystemSettingsTab />
          <AutoPostDetails />
          <QueueSlotsEditor />
          {autoPost}
          <EmailSettings />
        </>
      ),
    },
    { key: settingsTabs.feeds, label: 'Content Feeds', children: contentFeeds },
    { key: settingsTabs.help, label: 'Help', children: <HelpTab /> },
  ];
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = items.find((item) => item.key === requested)?.key ?? settingsTabs.social;

  return (
    <>
      <PageHeader title="Account Settings" />
      <div className="panel">
        <PageTabs
          activeKey={active}
          items={items}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
        />
      </div>
    </>
  );
}
