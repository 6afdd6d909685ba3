import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectingSuccess, fetchTransport, trialPath } from './participant-api';

/** What the server saw of each request. */
type Seen = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };

describe('the participant API over fetch', () => {
  const seen: Seen[] = [];
  let server: http.Server;
  let baseUrl = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.url === '/api/auth/login') {
          // As the server's login: the session cookie first, then the device's.
          res.setHeader('set-cookie', ['session=abc; Path=/; HttpOnly', 'device=xyz; Path=/']);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"user":{}}');
        } else if (req.url === '/api/auth/logout') {
          res.setHeader('set-cookie', 'session=; Max-Age=0; Path=/');
          res.writeHead(204).end();
        } else if (req.url === '/api/results') {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end('{"run":{"id":"r1"}}');
        } else {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the Origin and JSON, and keeps the session cookie until it is cleared', async () => {
    const transport = fetchTransport(baseUrl);
    const send = expectingSuccess(transport);
    const account = { email: 'ada@example.com', password: 'secret', firstName: 'A', lastName: 'L' };
    await send(api.logIn(account));
    expect(await send(api.startRun({ testType: 'stroopTest' }))).toEqual({ run: { id: 'r1' } });
    await transport('POST', '/api/auth/logout', {});
    await transport('GET', '/api/session');

    const [login, start, logout, after] = seen;
    expect(login).toMatchObject({
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: '{"email":"ada@example.com","password":"secret"}',
    });
    expect(login?.headers.cookie).toBeUndefined();
    expect(start).toMatchObject({ body: '{"testType":"stroopTest"}' });
    expect(start?.headers.cookie).toBe('session=abc');
    expect(logout?.headers.cookie).toBe('session=abc');
    expect(after?.headers.cookie).toBeUndefined();
    expect(after?.headers['content-type']).toBeUndefined();
  });

  it('throws when the answer is not the status the call succeeds with', async () => {
    const send = expectingSuccess(fetchTransport(baseUrl));
    await expect(send(api.progress())).rejects.toThrow('GET /api/progress failed: 503');
  });

  it('saves a trial at its phase, block and number', () => {
    expect(trialPath('r1', { phase: 'test', trialNumber: 7 })).toBe(
      '/api/results/r1/trials/test/0/7',
    );
    expect(api.saveTrial('r1', { phase: 'practice', block: 2, trialNumber: 3 })).toMatchObject({
      method: 'PUT',
      path: '/api/results/r1/trials/practice/2/3',
      status: 201,
    });
  });
});
