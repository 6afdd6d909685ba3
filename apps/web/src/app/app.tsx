import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { SessionGate } from './session-gate';

export function App() {
  return (
    <AppProviders>
      <SessionGate>
        <AppRoutes />
      </SessionGate>
    </AppProviders>
  );
}
