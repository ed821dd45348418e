import { PopupCallback } from '../components/popup-callback';

/** /linkedin: the professional-network login popup returns here (spec §2, §4). */
export function LinkedInCallbackRoute() {
  return <PopupCallback network="linkedin" />;
}
