import { useLingui } from '@lingui/react/macro';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ChoosePasswordPage } from '../features/auth/choose-password-page';
import { FirstAdminSetupPage } from '../features/auth/first-admin-setup-page';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { HomePage } from '../features/home/home-page';
import { ProfilePage } from '../features/profile/profile-page';
import { SetUpTwoFactorPage } from '../features/profile/set-up-two-factor-page';
import { PlaceholderPage } from '../features/static-pages/placeholder-page';
import { PrivacyPage } from '../features/static-pages/privacy-page';
import { TermsPage } from '../features/static-pages/terms-page';
import { TestListPage } from '../features/test-list/test-list-page';
import { getTestTypeSlug } from '../lib/test-type-names';
import { WEB_TASKS } from '../tasks/registry';
import { AppLayout } from './layout/app-layout';
import { StudyLayout } from './layout/study-layout';
import { LazyRoute } from './lazy-route';
import { RequireAdmin, RequireAuth, RequireOwnPassword, RequireResearcher } from './route-guards';
import { TaskRoute } from './task-route';

// Kept out of the home page's bundle: most visitors never open them. A task's page is lazy in
// the task registry.
const AdminPage = lazy(() => import('../features/admin/admin-page'));
const ProgressPage = lazy(() => import('../features/progress/progress-page'));
const StudyPage = lazy(() => import('../features/study/study-page'));
const StudiesPage = lazy(() => import('../features/studies/studies-page'));

export function AppRoutes() {
  const { t } = useLingui();
  return (
    <Routes>
      {/* A study's link: for participants, who have no account (ADR 040). */}
      <Route element={<StudyLayout />}>
        {['s/:code', 's/:code/:personalCode'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <LazyRoute>
                <StudyPage />
              </LazyRoute>
            }
          />
        ))}
      </Route>
      <Route element={<AppLayout />}>
        <Route path="choose-password" element={<ChoosePasswordPage />} />
        <Route path="setup/:token" element={<FirstAdminSetupPage />} />
        <Route path="set-up-two-factor" element={<SetUpTwoFactorPage />} />
        <Route element={<RequireOwnPassword />}>
          <Route index element={<HomePage />} />
          <Route path="cognitive-tests" element={<TestListPage />} />
          <Route path="training-exercises" element={<PlaceholderPage title={t`Training`} />} />
          <Route path="educational-content" element={<PlaceholderPage title={t`Learn`} />} />
          <Route
            path="social-interaction"
            element={<PlaceholderPage title={t`Social Interaction`} />}
          />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route element={<RequireAuth />}>
            {[...WEB_TASKS.values()].map(({ testType, Page }) => (
              <Route
                key={testType}
                path={`cognitive-tests/${getTestTypeSlug(testType)}`}
                element={
                  <LazyRoute>
                    <TaskRoute Page={Page} />
                  </LazyRoute>
                }
              />
            ))}
            <Route
              path="progress-tracking"
              element={
                <LazyRoute>
                  <ProgressPage />
                </LazyRoute>
              }
            />
            <Route path="profile" element={<ProfilePage />} />
            <Route element={<RequireResearcher />}>
              {['studies', 'studies/:id'].map((path) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <LazyRoute>
                      <StudiesPage />
                    </LazyRoute>
                  }
                />
              ))}
            </Route>
            <Route element={<RequireAdmin />}>
              <Route
                path="admin"
                element={
                  <LazyRoute>
                    <AdminPage />
                  </LazyRoute>
                }
              />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
