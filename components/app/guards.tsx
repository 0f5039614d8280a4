import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/session/session-store';

/** Protected routes need the token ('tkn'); without one the shopper goes to /login. */
export function RequireAuth() {
  const { token } = useSession();
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

/** /login and /register send a shopper who already holds a token to /home. */
export function GuestOnly() {
  const { token } = useSession();
  return token ? <Navigate to="/home" replace /> : <Outlet />;
}
