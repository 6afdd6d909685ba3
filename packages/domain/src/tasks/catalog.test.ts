import { describe, expect, it } from 'vitest';
import { StartableTestTypeSchema } from '../schemas/results';
import { TEST_TYPES } from '../test-types';
import { getTaskIds, TASK_CATEGORIES, TEST_CATALOG } from './catalog';
import { findTask, TASKS } from './registry';

describe('the test catalog', () => {
  it('shows each of the seven tests once, each with its own slug', () => {
    expect(TEST_CATALOG.map((card) => card.testType).sort()).toEqual([...TEST_TYPES].sort());
    expect(new Set(TEST_CATALOG.map((card) => card.slug)).size).toBe(TEST_CATALOG.length);
    for (const card of TEST_CATALOG) {
      expect(card.slug).toMatch(/^[a-z0-9-]+$/);
      expect(card.name, card.testType).not.toBe('');
      expect(card.description, card.testType).not.toBe('');
      expect(TASK_CATEGORIES.map((category) => category.key)).toContain(card.category);
    }
  });

  it('has an enabled card for every registered task, with its slug, name and description', () => {
    for (const task of TASKS) {
      const card = TEST_CATALOG.find((entry) => entry.testType === task.id);
      expect(card, task.id).toMatchObject({
        testType: task.id,
        slug: task.slug,
        name: task.name,
        description: task.description,
        isEnabled: true,
      });
    }
  });

  it('has a registered task for every enabled card, and none for a disabled one', () => {
    for (const card of TEST_CATALOG) {
      expect(findTask(card.testType) !== undefined, card.testType).toBe(card.isEnabled);
    }
  });

  it('lists the enabled cards first, in the order of the registry', () => {
    const enabled = TEST_CATALOG.filter((card) => card.isEnabled);
    expect(TEST_CATALOG.slice(0, enabled.length)).toEqual(enabled);
    expect(enabled.map((card) => card.testType)).toEqual(TASKS.map((task) => task.id));
  });

  it('lets exactly the registered tasks be started', () => {
    expect(getTaskIds()).toEqual(TASKS.map((task) => task.id));
    for (const testType of TEST_TYPES) {
      expect(StartableTestTypeSchema.safeParse(testType).success, testType).toBe(
        findTask(testType) !== undefined,
      );
    }
  });
});
