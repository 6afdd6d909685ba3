// The server's entry point (npm start): everything it does is in start-server.ts.
import { startServer } from './start-server';

void startServer();
