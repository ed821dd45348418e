import { Navigate, Outlet } from 'react-router';
import { useStoredUser } from '@/lib/session';

/** /app/*: only with a stored user; otherwise back to /, which starts sign-in (spec §2). */
export function RequireUser() {
  const user = useStoredUser();
  return user ? <Outlet /> : <Navigate to="/" replace />;
}
