import {
  CompleteStepInputSchema,
  ConsentInputSchema,
  StartParticipationInputSchema,
  StartStepRunInputSchema,
  type Text,
} from '@cogni/domain';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import type { Config } from '../env';
import { AppError } from '../lib/app-error';
import { parseJsonBody } from '../lib/parse-body';
import { getClientAddress, isSecureRequest } from '../middleware/request-origin';
import { participantIdOf } from '../services/participation/participant-owner';
import {
  getLanding,
  readParticipant,
  STUDY_UNAVAILABLE,
  startParticipation,
} from '../services/participation/participation';
import {
  advanceAfterRun,
  answerConsent,
  completeStep,
  finishParticipation,
  startStepRun,
  toParticipation,
} from '../services/participation/steps';
import { stopParticipation, withdrawParticipation } from '../services/participation/withdraw';
import { countAttemptBefore, type Limit } from '../services/rate-limit/rate-limit';
import { getRunStartLimit } from '../services/results/start-run';
import { isCodeShaped } from '../services/studies/study-codes-random';
import { runRoutes } from './run-routes';

const TEXTS = {
  noSuchStep: /*i18n*/ { id: 'errors.noSuchStep', message: 'No such step' },
  studyStartsLockout: /*i18n*/ {
    id: 'errors.studyStartsLockout',
    message:
      'Too many people have started this study from your network in the last hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
} satisfies Record<string, Text>;

const COOKIE_NAME = 'cogni_participant';
/** Ninety days: a participant may come back to a study left unfinished for weeks. */
const COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;

/** Participants one address may start in an hour, over every study (ADR 040). */
export function getStudyStartLimit(config: Config): Limit {
  return {
    name: 'study-start-address',
    max: config.STUDY_STARTS_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60_000,
  };
}

/**
 * Over HTTPS the participant cookie has the __Secure- prefix (Secure, set over HTTPS only);
 * __Host- would demand the path /, and this cookie goes only to its study's participation API.
 */
function cookieName(c: Context<AppEnv>): string {
  return isSecureRequest(c) ? `__Secure-${COOKIE_NAME}` : COOKIE_NAME;
}

/** The path the cookie is sent on: this study's participation API and nothing else. */
const cookiePath = (code: string) => `/api/participation/${code}`;

/** The study code of the path, or a 404 for anything that cannot be one. */
function codeOf(c: Context<AppEnv>): string {
  const code = c.req.param('code') ?? '';
  if (!isCodeShaped(code)) throw new AppError('NOT_FOUND', STUDY_UNAVAILABLE);
  return code;
}

/**
 * Sets the participant's token, HttpOnly and SameSite=Strict, on the study's participation
 * path only. Used by a start, and by a researcher's preview (routes/studies.ts).
 */
export function setParticipantCookie(c: Context<AppEnv>, code: string, token: string): void {
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    secure: isSecureRequest(c),
    sameSite: 'Strict',
    path: cookiePath(code),
    maxAge: COOKIE_MAX_AGE_S,
  });
}

/** The participant behind the request's token, in the path's study; 401 otherwise. */
async function participantOf(c: Context<AppEnv>) {
  return readParticipant(c.get('deps'), codeOf(c), getCookie(c, cookieName(c)));
}

/** The participant's own view, after an action changed it. */
async function answerParticipation(c: Context<AppEnv>, status: 200 | 201 = 200) {
  const deps = c.get('deps');
  const read = await participantOf(c);
  return c.json({ participation: await toParticipation(deps, read) }, status);
}

/** The index in `/steps/:index/...`, or a 404. */
function stepIndexOf(c: Context<AppEnv>): number {
  const text = c.req.param('index') ?? '';
  if (!/^(0|[1-9][0-9]{0,2})$/.test(text)) throw new AppError('NOT_FOUND', TEXTS.noSuchStep);
  return Number(text);
}

/**
 * The participant's API (ADR 040), under `/api/participation/:code`: the landing page's facts,
 * a start, and then only the participation whose token the browser holds. No route here reads a
 * user's session, and no route elsewhere reads the participant's token.
 */
export const participationRoutes = new Hono<AppEnv>()
  /** GET /api/participation/:code: what the landing page shows; starts nothing. */
  .get('/:code', async (c) => c.json({ study: await getLanding(c.get('deps'), codeOf(c)) }))
  /**
   * POST /api/participation/:code/start `{ params, personalCode? }` -> 201 `{ participation }`
   * and the participant cookie. Counted per address; refused when the study is not open or
   * full, or the personal code is unknown.
   */
  .post('/:code/start', async (c) => {
    const deps = c.get('deps');
    const code = codeOf(c);
    const input = await parseJsonBody(c, StartParticipationInputSchema);
    const address = getClientAddress(c);
    if (address !== undefined) {
      await countAttemptBefore(
        deps,
        getStudyStartLimit(deps.config),
        address,
        TEXTS.studyStartsLockout,
      );
    }
    const { token } = await startParticipation(deps, code, input);
    setParticipantCookie(c, code, token);
    const read = await readParticipant(deps, code, token);
    return c.json({ participation: await toParticipation(deps, read) }, 201);
  })
  .get('/:code/me', (c) => answerParticipation(c))
  /** POST /api/participation/:code/consent `{ agree }`: the consent step's answer. */
  .post('/:code/consent', async (c) => {
    const read = await participantOf(c);
    const { agree } = await parseJsonBody(c, ConsentInputSchema);
    await answerConsent(c.get('deps'), read, agree);
    return answerParticipation(c);
  })
  /** POST .../steps/:index/done `{ answers? }`: a page read, a break over, the demographics. */
  .post('/:code/steps/:index/done', async (c) => {
    const read = await participantOf(c);
    const index = stepIndexOf(c);
    const input = await parseJsonBody(c, CompleteStepInputSchema);
    await completeStep(c.get('deps'), read, index, input);
    return answerParticipation(c);
  })
  /**
   * POST .../steps/:index/run `{ deviceInfo, measurement }` -> 201 `{ run }` for a new run with
   * the step's settings, or 200 with the step's open run (a reload resumes it).
   */
  .post('/:code/steps/:index/run', async (c) => {
    const deps = c.get('deps');
    const read = await participantOf(c);
    const index = stepIndexOf(c);
    const input = await parseJsonBody(c, StartStepRunInputSchema);
    const { run, created } = await startStepRun(
      deps,
      read,
      index,
      input,
      getRunStartLimit(deps.config),
    );
    return c.json({ run }, created ? 201 : 200);
  })
  /**
   * POST .../finish -> `{ participation }` with its end (the completion code and the redirect),
   * once every step is done and every task step's run is complete; 409 until then.
   */
  .post('/:code/finish', async (c) => {
    const read = await participantOf(c);
    await finishParticipation(c.get('deps'), read);
    return answerParticipation(c);
  })
  /**
   * POST .../stop -> `{ participation }` ending `stopped`: the answers given stay. 409 once the
   * participation ended otherwise (declined, completed, withdrawn).
   */
  .post('/:code/stop', async (c) => {
    const read = await participantOf(c);
    await stopParticipation(c.get('deps'), read);
    return answerParticipation(c);
  })
  /**
   * POST .../withdraw -> `{ participation }` ending `withdrawn`: the participant's runs, trials,
   * answers and link parameters deleted in one transaction, from any state (after completing
   * too). After a stop or a withdrawal, every step and run request is a 409.
   */
  .post('/:code/withdraw', async (c) => {
    const read = await participantOf(c);
    await withdrawParticipation(c.get('deps'), read);
    return answerParticipation(c);
  })
  .route(
    '/:code/runs',
    runRoutes(
      (c) => participantIdOf(c.get('deps'), codeOf(c), getCookie(c, cookieName(c))),
      (c, participantId, run) => advanceAfterRun(c.get('deps'), participantId, run),
    ),
  );
