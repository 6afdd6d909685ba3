import { isAdmin, isResearcher, MESSAGES } from '@cogni/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/api/get-session';

/** Sends visitors to /login, remembering where they were going (state.from). */
export function RequireAuth() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" state={{ from: location }} replace />;
  return <Outlet />;
}

/**
 * Sends a user whose password an admin set to choose their own before anything else (ASVS
 * 6.4.1); the server refuses their other requests anyway. Wraps every route but that page.
 */
export function RequireOwnPassword() {
  const user = useCurrentUser();
  const location = useLocation();
  if (user?.mustChangePassword) {
    return <Navigate to="/choose-password" state={{ from: location }} replace />;
  }
  // The first admin, made from the setup link, sets up two-factor login before anything else.
  if (user?.mustSetUpTotp) return <Navigate to="/set-up-two-factor" replace />;
  return <Outlet />;
}

/** Sends signed-in non-admins home with a flash message. Use inside RequireAuth. */
export function RequireAdmin() {
  const user = useCurrentUser();
  if (!isAdmin(user)) {
    return <Navigate to="/" state={{ flash: MESSAGES.adminPageForbidden }} replace />;
  }
  return <Outlet />;
}

/** Sends signed-in users who are neither researchers nor admins home with a flash message. */
export function RequireResearcher() {
  const user = useCurrentUser();
  if (!isResearcher(user)) {
    return <Navigate to="/" state={{ flash: MESSAGES.researcherNoPrivileges }} replace />;
  }
  return <Outlet />;
}
