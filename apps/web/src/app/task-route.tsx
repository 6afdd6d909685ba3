import { type ComponentType, useMemo } from 'react';
import { useLocation } from 'react-router';
import { type RunSource, readRunSource } from '../lib/task-runtime/run-source';

/**
 * A task's page with its run source, read once from the URL here: a normal run, or an admin's
 * preview. The page, its runner and the run take their settings from it; nothing under tasks/
 * reads the URL.
 */
export function TaskRoute({ Page }: { Page: ComponentType<{ source: RunSource }> }) {
  const { search } = useLocation();
  const source = useMemo(() => readRunSource(search), [search]);
  return <Page source={source} />;
}
