import { MESSAGES } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireAdmin } from '../../middleware/session';
import { generateMockData } from '../../services/mock-data/generate-mock-data';

export const adminMockDataRoutes = new Hono<AppEnv>()
  /**
   * POST /api/admin/mock-data (no body) -> 201 `{ message: 'Mock data generated and saved.',
   * resultId }`: a complete mock Stroop result for the signed-in admin. On failure 500 with
   * 'An error occurred while generating mock data.' and a MOCK_DATA_GENERATION_ERROR log.
   */
  .post('/', async (c) => {
    const { user } = requireAdmin(c);
    const resultId = await generateMockData(c.get('deps'), user.id);
    return c.json({ message: MESSAGES.mockDataSucceeded, resultId }, 201);
  });
