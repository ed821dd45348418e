import { Navigate, Outlet } from 'react-router';
import { useStoredUser } from '@/lib/session';

/** /app/manage*: only for fitPostAdminAccess; others are sent to / (spec §2, §6). */
export function RequireAdmin() {
  const user = useStoredUser();
  return user?.fitPostAdminAccess ? <Outlet /> : <Navigate to="/" replace />;
}
