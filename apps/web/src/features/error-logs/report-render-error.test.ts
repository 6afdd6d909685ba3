// @vitest-environment jsdom
import { ClientErrorLogInputSchema } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { buildRenderErrorReport } from './report-render-error';

describe('buildRenderErrorReport', () => {
  it('truncates every field to what the API accepts', () => {
    const report = buildRenderErrorReport(new Error('x'.repeat(5000)), 'y'.repeat(10_000));
    expect(report.errorMessage).toHaveLength(1000);
    expect(report.context?.componentStack).toHaveLength(4000);
    expect(ClientErrorLogInputSchema.safeParse(report).success).toBe(true);
  });

  it('describes non-Error throws and empty messages', () => {
    expect(buildRenderErrorReport('plain string', null).errorMessage).toBe('plain string');
    expect(buildRenderErrorReport(42, undefined).errorMessage).toBe('Unknown error');
    expect(buildRenderErrorReport(new Error(''), null).errorMessage).toBe('Error');
  });
});
