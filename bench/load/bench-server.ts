// The load benchmark's server: the real server (apps/server/src/start-server.ts), with the
// benchmark's routes mounted at /api/bench ahead of every middleware. The app's own entry,
// main.ts, has no way to mount them.
import { startServer } from '../../apps/server/src/start-server';
import { benchRoutes } from './bench-routes';

void startServer({
  mountFirst: (app) => {
    app.route('/api/bench', benchRoutes);
  },
});
