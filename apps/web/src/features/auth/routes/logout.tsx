import { messages } from '@fitpost/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PublicPage } from '@/components/public-page';
import { browser } from '@/lib/browser';
import { clearStoredUser, getStoredUser } from '@/lib/session';
import { postLogout } from '../api/post-logout';

/** Ends the session on the server and in this browser; returns the provider's end-session URL, if any. */
async function signOut(): Promise<string | null> {
  let endSessionUrl: string | null = null;
  try {
    endSessionUrl = (await postLogout()).endSessionUrl;
  } catch (error) {
    // The session ends locally either way.
    console.error('Logout call failed', error);
  }
  clearStoredUser();
  return endSessionUrl;
}

/**
 * /app/logout. Signing out is a deliberate action, so a link from anywhere cannot do it: a signed-in
 * member is asked, and 'Sign out' revokes the session, forgets it here and sends the browser to the
 * organisation's sign-in to end that session too, which returns here. Without a stored user the
 * screen says they are signed out.
 */
export function LogoutRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => getStoredUser() !== null);
  const [busy, setBusy] = useState(false);

  const handleSignOut = async () => {
    setBusy(true);
    const endSessionUrl = await signOut();
    queryClient.clear();
    if (endSessionUrl) browser.assign(endSessionUrl);
    else setSignedIn(false);
  };

  if (signedIn) {
    return (
      <PublicPage title="Sign out">
        <p>Sign out of FitPost on this device?</p>
        <div className="public-page-actions">
          <Button type="primary" loading={busy} onClick={() => void handleSignOut()}>
            Sign out
          </Button>
          <Button disabled={busy} onClick={() => void navigate('/')}>
            Cancel
          </Button>
        </div>
      </PublicPage>
    );
  }
  return (
    // Its own key: the button must not inherit the sign-out button's loading state.
    <PublicPage key="signed-out" title="Signed out">
      <p>You&apos;re signed out.</p>
      <div className="public-page-actions">
        <Button type="primary" onClick={() => void navigate('/')}>
          {messages['action.loginAgain']}
        </Button>
      </div>
    </PublicPage>
  );
}
