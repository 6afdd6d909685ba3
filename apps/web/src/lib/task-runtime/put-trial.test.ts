import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { classifySendFailure, putTrial } from './put-trial';
import { makeTrial } from './testing/make-trial';

const RESULT = '11111111-1111-4111-8111-111111111111';

describe('classifySendFailure', () => {
  it('retries what may pass later and drops only what the server refused for good', () => {
    const kind = (status: number) => classifySendFailure(new ApiError(status, 'INTERNAL', ''));
    expect([0, 200, 408, 429, 500, 502, 503].map(kind)).toEqual(Array(7).fill('transient'));
    expect(kind(401)).toBe('unauthorized');
    expect([400, 403, 404, 409, 413, 422].map(kind)).toEqual(Array(6).fill('permanent'));
    expect(classifySendFailure(new Error('bug'))).toBe('transient');
  });
});

describe('putTrial', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubFetch(status: number, body: string, contentType = 'application/json') {
    const fetchMock = vi.fn(
      async () => new Response(body, { status, headers: { 'Content-Type': contentType } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('PUTs the trial to its slot and accepts both 201 and a 200 duplicate', async () => {
    const fetchMock = stubFetch(201, JSON.stringify({ saved: true, duplicate: false }));
    const trial = makeTrial(12, 'practice');
    await expect(putTrial(RESULT, trial)).resolves.toEqual({ saved: true, duplicate: false });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/results/${RESULT}/trials/practice/0/12`);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual(trial);

    stubFetch(200, JSON.stringify({ saved: true, duplicate: true }));
    await expect(putTrial(RESULT, trial)).resolves.toEqual({ saved: true, duplicate: true });
  });

  it('turns a conflict into a permanent ApiError and a portal page into a transient one', async () => {
    stubFetch(409, JSON.stringify({ error: { code: 'CONFLICT', message: 'Different trial' } }));
    const conflict = await putTrial(RESULT, makeTrial(0)).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(classifySendFailure(conflict)).toBe('permanent');

    stubFetch(200, '<html>Log in to the Wi-Fi</html>', 'text/html');
    const portal = await putTrial(RESULT, makeTrial(0)).catch((error: unknown) => error);
    expect(portal).toBeInstanceOf(ApiError);
    expect(classifySendFailure(portal)).toBe('transient');
  });
});
