import { describe, expect, it } from 'vitest';
import {
  decodePreviewConfig,
  encodePreviewConfig,
  getPreviewUrl,
  readPreviewConfig,
} from './preview';

describe('the admin preview configuration in a URL', () => {
  it('goes through the URL and back unchanged, as base64url without padding', () => {
    const config = { testTrials: 4, goProportion: 0.75, stimulusSet: 'letters-PR', on: true };
    const encoded = encodePreviewConfig(config);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePreviewConfig(encoded)).toEqual(config);
    const url = getPreviewUrl('stroop-test', config);
    expect(url).toBe(`/cognitive-tests/stroop-test?preview=${encoded}`);
    expect(readPreviewConfig(url.slice(url.indexOf('?')))).toEqual(config);
  });

  it('keeps text outside ASCII', () => {
    const config = { label: 'Größe ✓' };
    expect(decodePreviewConfig(encodePreviewConfig(config))).toEqual(config);
  });

  it('is null for a page opened normally or a parameter that is not a configuration', () => {
    expect(readPreviewConfig('')).toBeNull();
    expect(readPreviewConfig('?other=1')).toBeNull();
    expect(readPreviewConfig('?preview=')).toBeNull();
    for (const text of ['not base64!', '%%%', 'e30=']) {
      expect(readPreviewConfig(`?preview=${encodeURIComponent(text)}`), text).toBeNull();
    }
    // '{}' without padding: an empty configuration (every setting at its default).
    expect(readPreviewConfig('?preview=e30')).toEqual({});
    const notObjects = [[1, 2], 'text', 42, null];
    for (const value of notObjects) {
      const encoded = btoa(JSON.stringify(value)).replace(/=+$/, '');
      expect(readPreviewConfig(`?preview=${encoded}`), JSON.stringify(value)).toBeNull();
    }
    // Not JSON at all.
    expect(readPreviewConfig(`?preview=${btoa('{testTrials').replace(/=+$/, '')}`)).toBeNull();
  });
});
