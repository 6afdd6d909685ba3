// GET /api/progress for a user with 100 finished Stroop results of 168 trials each, on
// PostgreSQL (p95 under 50 ms), opening one of them (its trials, ADR 021), and the CSV
// export of all their trials. Runs the real
// server as its own process on a fresh database; requests go over HTTP with keep-alive and
// Accept-Encoding: gzip, as a browser sends them. Each request is timed until its whole body
// has arrived and been decompressed.
// Usage: npm run bench:progress   Needs PostgreSQL at TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test). Writes bench/results/progress.json.

import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ProgressResponse, ProgressTrialsResponse } from '@cogni/domain';
import { sql } from 'drizzle-orm';
import { insertFinishedRun } from '../apps/server/src/services/results/insert-finished-run';
import { fixtureFinishedRun } from '../apps/server/src/testing/fixture-run';
import {
  getFreePort,
  type SpawnedServer,
  spawnServer,
  waitForListening,
} from '../apps/server/src/testing/spawn-server';
import { percentile, ROOT, round1, waitForOk } from './lib';

const RESULTS = 100;
const TRIALS_PER_RESULT = 168;
const EXPECTED_LISTED = 10;
const WARMUP_REQUESTS = 30;
const REQUESTS = 300;
const EXPORT_RUNS = 5;
const GOAL_P95_MS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

// test-database.ts reads TEST_DATABASE_URL when it is loaded.
process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
const { createTestDatabase } = await import('../apps/server/src/testing/test-database');

type Reply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Bytes on the wire (the body as sent, compressed or not). */
  transferredBytes: number;
  /** The body after decoding. */
  body: Buffer;
  ms: number;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request; resolves once the whole body has arrived and been gunzipped. */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            transferredBytes: raw.length,
            body,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function fail(message: string): never {
  throw new Error(`response check failed: ${message}`);
}

/** Warm-up, then REQUESTS sequential requests of one path, timed to the last byte. */
async function timeRequests(urlPath: string, get: (urlPath: string) => Promise<Reply>) {
  for (let i = 0; i < WARMUP_REQUESTS; i++) await get(urlPath);
  const times: number[] = [];
  let last: Reply | undefined;
  for (let i = 0; i < REQUESTS; i++) {
    last = await get(urlPath);
    if (last.status !== 200) fail(`GET ${urlPath} answered ${last.status}`);
    times.push(last.ms);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95Ms = round1(percentile(sorted, 0.95));
  return {
    path: urlPath,
    requests: REQUESTS,
    warmupRequests: WARMUP_REQUESTS,
    p50Ms: round1(percentile(sorted, 0.5)),
    p95Ms,
    p99Ms: round1(percentile(sorted, 0.99)),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
    meanMs: round1(times.reduce((sum, t) => sum + t, 0) / times.length),
    bytes: last?.body.length ?? 0,
    transferredBytes: last?.transferredBytes ?? 0,
    contentEncoding: last?.headers['content-encoding'] ?? 'identity',
    goalP95Ms: GOAL_P95_MS,
    pass: p95Ms < GOAL_P95_MS,
  };
}

const database = await createTestDatabase('postgres');
let server: SpawnedServer | undefined;
try {
  if (!database.url) throw new Error('createTestDatabase gave no URL');
  const port = await getFreePort();
  server = spawnServer({ PORT: String(port), DATABASE_URL: database.url, LOG_LEVEL: 'info' });
  await waitForListening(server);
  const baseUrl = `http://localhost:${port}`;
  await waitForOk(`${baseUrl}/api/health`);

  // A user, signed up and logged in over HTTP like a browser.
  const user = {
    email: 'bench@example.com',
    password: 'analytical engine 1843',
    firstName: 'Bench',
    lastName: 'Mark',
  };
  const post = (urlPath: string, body: unknown, cookie?: string) =>
    request(`${baseUrl}${urlPath}`, {
      method: 'POST',
      headers: {
        origin: baseUrl,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/auth/register', user);
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const login = await post('/api/auth/login', { email: user.email, password: user.password });
  const cookie = login.headers['set-cookie']?.[0]?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`login answered ${login.status}`);
  const browserHeaders = { cookie, 'accept-encoding': 'gzip, deflate, br' };
  const get = (urlPath: string) => request(`${baseUrl}${urlPath}`, { headers: browserHeaders });

  const me = await get('/api/me');
  const userId = (JSON.parse(me.body.toString()) as { user?: { id?: string } }).user?.id;
  if (me.status !== 200 || !userId) throw new Error(`GET /api/me answered ${me.status}`);

  // 100 finished results a day apart, written straight to the database; every tenth is mock.
  const seedStarted = performance.now();
  const firstStart = Date.now() - (RESULTS + 1) * DAY_MS;
  for (let i = 0; i < RESULTS; i++) {
    await insertFinishedRun(
      { db: database.db },
      fixtureFinishedRun(userId, new Date(firstStart + i * DAY_MS), {
        seed: `bench-progress-${i}`,
        isMock: i % 10 === 9,
      }),
    );
  }
  const seedMs = performance.now() - seedStarted;
  // Fresh planner statistics, as autovacuum would give a long-lived database.
  await database.db.execute(sql`analyze`);
  const versionRows = (await database.db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  const pgVersion = versionRows.rows[0];

  // The shape checks: the endpoints must answer what the figures claim to measure.
  const check = await get('/api/progress');
  if (check.status !== 200) fail(`GET /api/progress answered ${check.status}`);
  const progress = JSON.parse(check.body.toString()) as ProgressResponse;
  if (progress.results.length !== EXPECTED_LISTED)
    fail(`${progress.results.length} results listed, expected ${EXPECTED_LISTED}`);
  if (progress.history.length !== RESULTS)
    fail(`${progress.history.length} history points, expected ${RESULTS}`);
  // Opening the newest result reads its trials (ADR 021).
  const newest = progress.results[0];
  if (!newest) fail('no result listed');
  const openPath = `/api/progress/results/${newest.id}/trials`;
  const opened = await get(openPath);
  if (opened.status !== 200) fail(`GET ${openPath} answered ${opened.status}`);
  const openedTrials = (JSON.parse(opened.body.toString()) as ProgressTrialsResponse).trials;
  if (openedTrials.length !== TRIALS_PER_RESULT)
    fail(`${openedTrials.length} trials in the opened result, expected ${TRIALS_PER_RESULT}`);

  const endpoint = await timeRequests('/api/progress', get);
  const openResult = await timeRequests(openPath, get);
  // The export of every trial: 100 x 168 rows.
  await get('/api/progress/export?format=csv');
  const exportTimes: number[] = [];
  let csv = '';
  let exportReply: Reply | undefined;
  for (let i = 0; i < EXPORT_RUNS; i++) {
    exportReply = await get('/api/progress/export?format=csv');
    if (exportReply.status !== 200) fail(`export answered ${exportReply.status}`);
    exportTimes.push(exportReply.ms);
    csv = exportReply.body.toString();
  }
  const rows = csv.split('\r\n').filter((line) => line !== '').length - 1;
  if (rows !== RESULTS * TRIALS_PER_RESULT)
    fail(`export has ${rows} rows, expected ${RESULTS * TRIALS_PER_RESULT}`);
  const exportMedianMs = percentile(
    [...exportTimes].sort((a, b) => a - b),
    0.5,
  );
  const exportResult = {
    path: '/api/progress/export?format=csv',
    runs: EXPORT_RUNS,
    medianMs: round1(exportMedianMs),
    minMs: round1(Math.min(...exportTimes)),
    maxMs: round1(Math.max(...exportTimes)),
    rows,
    bytes: Buffer.byteLength(csv),
    transferredBytes: exportReply?.transferredBytes ?? 0,
    contentEncoding: exportReply?.headers['content-encoding'] ?? 'identity',
    rowsPerSecond: Math.round(rows / (exportMedianMs / 1000)),
  };

  const cpu = cpus();
  const result = {
    endpoint,
    openResult,
    export: exportResult,
    results: RESULTS,
    trialsPerResult: TRIALS_PER_RESULT,
    database: 'postgres',
    postgresVersion: pgVersion?.server_version,
    seedMs: Math.round(seedMs),
    machine: { cpu: cpu[0]?.model ?? 'unknown', cores: cpu.length, node: process.version },
    date: new Date().toISOString(),
  };
  writeFileSync(
    path.join(ROOT, 'bench/results/progress.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    [
      `${RESULTS} results x ${TRIALS_PER_RESULT} trials, PostgreSQL ${result.postgresVersion}; ${REQUESTS} sequential requests after ${WARMUP_REQUESTS} warm-up`,
      ...[endpoint, openResult].flatMap((timed) => [
        `GET ${timed.path}: p50 ${timed.p50Ms} ms, p95 ${timed.p95Ms} ms, p99 ${timed.p99Ms} ms, max ${timed.maxMs} ms, mean ${timed.meanMs} ms`,
        `  body ${kb(timed.bytes)}, sent ${kb(timed.transferredBytes)} (${timed.contentEncoding})`,
        timed.pass
          ? `  goal p95 < ${GOAL_P95_MS} ms: met`
          : `  goal p95 < ${GOAL_P95_MS} ms: MISSED (p95 ${timed.p95Ms} ms)`,
      ]),
      `CSV export: ${rows} rows, ${kb(exportResult.bytes)}, sent ${kb(exportResult.transferredBytes)} (${exportResult.contentEncoding})`,
      `  median ${exportResult.medianMs} ms of ${EXPORT_RUNS} runs, ${exportResult.rowsPerSecond} rows/s`,
      `Machine: ${result.machine.cpu}, ${result.machine.cores} cores, Node ${process.version}`,
      'Written to bench/results/progress.json',
    ].join('\n'),
  );
} catch (error) {
  console.error((error as Error).message);
  if (server) console.error(`server output:\n${server.output().slice(-2000)}`);
  process.exitCode = 1;
} finally {
  agent.destroy();
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await database.close();
}
