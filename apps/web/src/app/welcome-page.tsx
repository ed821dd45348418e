import { AutoPostOptIn } from '@/features/autopost/components/auto-post-opt-in';
import { WelcomeRoute } from '@/features/settings/routes/welcome';

/**
 * /app/settings/welcome. Step 2 (default settings) includes the Auto-Post opt-in, which belongs to the
 * autopost feature; like settings-page.tsx, this app-layer module plugs it into the settings feature's
 * screen, and is reached only through the route table's lazy import.
 */
export function WelcomePage() {
  return <WelcomeRoute defaultSettings={<AutoPostOptIn headingLevel={4} />} />;
}
