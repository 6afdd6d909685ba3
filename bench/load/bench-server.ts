// The load benchmark's server: the real server (apps/server/src/start-server.ts) serving the
// benchmark's own app (createBenchApp), its routes at /api/bench ahead of the real app. The
// app's own entry, main.ts, has no way to serve them.
import { startServer } from '../../apps/server/src/start-server';
import { createBenchApp } from './bench-routes';

void startServer({ buildApp: createBenchApp });
