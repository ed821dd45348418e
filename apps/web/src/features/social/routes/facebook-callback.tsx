import { PopupCallback } from '../components/popup-callback';

/** /facebook: the Facebook Login popup (Facebook Pages and Instagram) returns here. */
export function FacebookCallbackRoute() {
  return <PopupCallback network="facebook" />;
}
