import { getTask, MESSAGES, StartableTestTypeSchema, TASKS } from '@cogni/domain';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env';
import { parseQuery } from '../../lib/parse-query';
import { requireAdmin } from '../../middleware/session';
import { generateMockData } from '../../services/mock-data/generate-mock-data';

/** ?testType= names the task to simulate; without it, the first task of the test list. */
const MockDataQuerySchema = z.strictObject({ testType: StartableTestTypeSchema.optional() });

export const adminMockDataRoutes = new Hono<AppEnv>()
  /**
   * POST /api/admin/mock-data[?testType=] (no body) -> 201 `{ message: 'Mock data generated and
   * saved.', resultId }`: a complete mock result of the task for the signed-in admin. On failure
   * 500 with 'An error occurred while generating mock data.' and a MOCK_DATA_GENERATION_ERROR
   * log.
   */
  .post('/', async (c) => {
    const { user } = requireAdmin(c);
    const { testType } = parseQuery(c, MockDataQuerySchema);
    const task = testType ? getTask(testType) : TASKS[0];
    if (!task) throw new Error('No task is registered');
    const resultId = await generateMockData(c.get('deps'), user.id, task);
    return c.json({ message: MESSAGES.mockDataSucceeded.message, resultId }, 201);
  });
