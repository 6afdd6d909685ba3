import { SETTINGS } from '@cogni/domain/tasks/sart';
import { describe, expect, it } from 'vitest';
import { encodePreviewConfig } from '../preview';
import { readRunSource, resolveRunConfig, startConfigOf } from './run-source';

describe('the run source', () => {
  it('reads a normal run, a preview, and a preview link that holds no configuration', () => {
    expect(readRunSource('')).toEqual({ kind: 'normal' });
    const config = { repsPerDigit: 3 };
    const source = readRunSource(`?preview=${encodePreviewConfig(config)}`);
    expect(source).toEqual({ kind: 'preview', config });
    expect(startConfigOf(source)).toEqual(config);
    expect(readRunSource('?preview=%%%')).toEqual({ kind: 'preview', config: null });
    expect(startConfigOf({ kind: 'normal' })).toBeUndefined();
  });

  it("resolves the defaults, a preview's settings with the defaults filled in, or an error by the setting's label", () => {
    expect(resolveRunConfig(SETTINGS, { kind: 'normal' })).toEqual({
      config: SETTINGS.defaults,
      error: null,
    });
    expect(
      resolveRunConfig(SETTINGS, { kind: 'preview', config: { repsPerDigit: 3 } }).config,
    ).toEqual({ ...SETTINGS.defaults, repsPerDigit: 3 });
    const wrong = resolveRunConfig(SETTINGS, { kind: 'preview', config: { repsPerDigit: 0 } });
    expect(wrong.config).toBeNull();
    expect(wrong.error).toMatchObject({
      kind: 'invalid',
      problems: [{ label: SETTINGS.specs.repsPerDigit.label, message: expect.any(String) }],
    });
    expect(resolveRunConfig(SETTINGS, { kind: 'preview', config: null }).error).toEqual({
      kind: 'noConfig',
    });
  });
});
