// A flood of anonymous bad logins against a real server on the embedded database:
// 10,000 logins with 60 KB bodies of unknown fields, each from a new email, from 16 connections.
// Reports what the flood left in the error log and the data folder, and how a real person's
// login and the admin's largest Error Logs page fared while it ran.
// Usage: npm run bench:flood [-- --requests N --connections N]
// Writes bench/results/visitor-flood-<date>.json and .md.

import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runVisitorFlood } from '../faults/support/visitor-flood';
import { ROOT, round1 } from './lib';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '16' },
  },
});
const figures = await runVisitorFlood({
  requests: Number(values.requests),
  connections: Number(values.connections),
  keys: 60,
});
const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`;
const mb = (bytes: number) => round1(bytes / 1_000_000);
const rows = [
  ['requests (each 400)', `${figures.statuses[400] ?? 0} of ${figures.requests}`],
  ['flood duration', `${round1(figures.floodMs / 1000)} s`],
  ['requests per second', `${Math.round(figures.requests / (figures.floodMs / 1000))}`],
  ['answers by status', JSON.stringify(figures.statuses)],
  ['error-log entries after', `${figures.errorLogEntries}`],
  ['failures counted, not stored one by one', `${figures.suppressedCount}`],
  [
    'data folder',
    `${mb(figures.dataBytesBefore)} MB -> ${mb(figures.dataBytesAfter)} MB (+${mb(figures.dataBytesAfter - figures.dataBytesBefore)} MB)`,
  ],
  [
    'a real login during the flood',
    `${figures.userLoginStatus}, ${round1(figures.userLoginMs)} ms`,
  ],
  [
    'admin Error Logs, 100 entries, during the flood',
    `${figures.adminPageStatus}, ${round1(figures.adminPageMs)} ms, ${figures.adminPageBytes} bytes`,
  ],
];
const markdown = [
  `# Visitor flood, ${date}`,
  '',
  `Machine: ${machine}. \`npm run bench:flood\`: ${figures.requests} anonymous logins with 60 unknown 1,000-character fields each, every one with a new email, from ${values.connections} connections, against a server on the embedded database.`,
  '',
  '| figure | value |',
  '|---|---|',
  ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  '',
].join('\n');
const base = path.join(ROOT, 'bench/results', `visitor-flood-${date}`);
writeFileSync(`${base}.json`, `${JSON.stringify({ date, machine, ...figures }, null, 2)}\n`);
writeFileSync(`${base}.md`, markdown);
process.stdout.write(markdown);
