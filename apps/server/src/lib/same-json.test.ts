import { describe, expect, it } from 'vitest';
import { isSameJson } from './same-json';

describe('isSameJson', () => {
  it('equals values with the same content in any key order', () => {
    expect(isSameJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(isSameJson(0.1 + 0.2, 0.1 + 0.2)).toBe(true);
  });

  it('tells apart different values, shapes and missing keys', () => {
    expect(isSameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(isSameJson({ a: undefined }, { b: undefined })).toBe(false);
    expect(isSameJson([1, 2], [2, 1])).toBe(false);
    expect(isSameJson([1], { 0: 1 })).toBe(false);
    expect(isSameJson(null, {})).toBe(false);
    expect(isSameJson(0.1 + 0.2, 0.3)).toBe(false);
    expect(isSameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
