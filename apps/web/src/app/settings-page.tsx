import { SettingsRoute } from '@/features/settings/routes/settings';
import { SocialPlatformsPanel } from '@/features/social/components/social-platforms-panel';

/**
 * /app/settings. Features never import each other, so the settings screen (which owns the tabs) takes
 * the Social Platforms tab's content as a prop and this module, in the app layer, plugs the social
 * feature's panel in. It is reached only through the route table's lazy import, so both features'
 * code stays out of the initial bundle.
 */
export function SettingsPage() {
  return <SettingsRoute socialPlatforms={<SocialPlatformsPanel />} />;
}
