import { Tabs, type TabsProps } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ContentFeedsTab } from '../components/content-feeds-tab';
import { HelpTab } from '../components/help-tab';
import { SocialPlatformsTab } from '../components/social-platforms-tab';
import { SystemSettingsTab } from '../components/system-settings-tab';
import { settingsTabs } from '../settings-tabs';

const items: NonNullable<TabsProps['items']> = [
  { key: settingsTabs.social, label: 'Social Platforms', children: <SocialPlatformsTab /> },
  { key: settingsTabs.system, label: 'System Settings', children: <SystemSettingsTab /> },
  { key: settingsTabs.feeds, label: 'Content Feeds', children: <ContentFeedsTab /> },
  { key: settingsTabs.help, label: 'Help', children: <HelpTab /> },
];

/** /app/settings: the member's account settings. */
export function SettingsRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = items.find((item) => item.key === requested)?.key ?? settingsTabs.social;

  return (
    <>
      <PageHeader title="Account Settings" />
      <div className="panel">
        <Tabs
          activeKey={active}
          items={items}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
        />
      </div>
    </>
  );
}
