// @vitest-environment jsdom
import { CLIENT_ERROR_LIMITS, ClientErrorLogInputSchema } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { buildRenderErrorReport } from './report-render-error';

describe('buildRenderErrorReport', () => {
  it('truncates every field to what the API accepts', () => {
    const report = buildRenderErrorReport(new Error('x'.repeat(5000)), 'y'.repeat(10_000));
    expect(report.errorMessage).toHaveLength(CLIENT_ERROR_LIMITS.errorMessage);
    expect(report.context?.componentStack).toHaveLength(CLIENT_ERROR_LIMITS.componentStack);
    expect(ClientErrorLogInputSchema.safeParse(report).success).toBe(true);
  });

  it('describes non-Error throws and empty messages', () => {
    expect(buildRenderErrorReport('plain string', null).errorMessage).toBe('plain string');
    expect(buildRenderErrorReport(42, undefined).errorMessage).toBe('Unknown error');
    expect(buildRenderErrorReport(new Error(''), null).errorMessage).toBe('Error');
  });
});
