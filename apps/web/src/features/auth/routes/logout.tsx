import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PublicPage } from '@/components/public-page';
import { clearStoredUser, getStoredUser } from '@/lib/session';
import { postLogout } from '../api/post-logout';

async function signOut(): Promise<void> {
  if (getStoredUser()) {
    try {
      await postLogout();
    } catch (error) {
      // The session ends locally either way.
      console.error('Logout call failed', error);
    }
  }
  clearStoredUser();
}

/** /app/logout: ends the session on the server and in this browser. */
export function LogoutRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const pending = useRef<Promise<void> | null>(null);

  useEffect(() => {
    let active = true;
    // One sign-out even when StrictMode runs this effect twice.
    pending.current ??= signOut().then(() => queryClient.clear());
    void pending.current.then(() => {
      if (active) setDone(true);
    });
    return () => {
      active = false;
    };
  }, [queryClient]);

  if (!done) {
    return (
      <PublicPage title="Signing out">
        <PageLoader label="Signing you out…" />
      </PublicPage>
    );
  }
  return (
    <PublicPage title="Signed out">
      <p>You&apos;re signed out.</p>
      <div className="public-page-actions">
        <Button type="primary" onClick={() => void navigate('/')}>
          Sign in again
        </Button>
      </div>
    </PublicPage>
  );
}
