import { AutoPostOptIn } from '@/features/autopost/components/auto-post-opt-in';
import { ContentFeedsPanel } from '@/features/feeds/components/content-feeds-panel';
import { SettingsRoute } from '@/features/settings/routes/settings';
import { SocialPlatformsPanel } from '@/features/social/components/social-platforms-panel';

/**
 * /app/settings. Features never import each other, so the settings screen (which owns the tabs) takes
 * the Social Platforms and Content Feeds tabs' content (and System Settings' Auto-Post opt-in) as
 * props and this module, in the app layer, plugs the social, feeds and autopost features' panels in.
 * It is reached only through the route table's lazy import, so their code stays out of the initial
 * bundle.
 */
export function SettingsPage() {
  return (
    <SettingsRoute
      socialPlatforms={<SocialPlatformsPanel />}
      contentFeeds={<ContentFeedsPanel />}
      autoPost={<AutoPostOptIn />}
    />
  );
}
