import { useCallback, useState } from 'react';
import { useMediaQuery } from '../use-media-query';

/** How a participant answers: keys, or large on-screen buttons (docs/product.md#touch-mode). */
export type ResponseMode = 'keyboard' | 'touch';

const STORAGE_KEY = 'cogni.responseMode';

function readStoredMode(): ResponseMode | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'keyboard' || value === 'touch' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The response mode: the participant's own choice if they made one, else the device's (a coarse
 * pointer, i.e. a finger, means touch). It is chosen before a run starts and kept for the next.
 */
export function useResponseMode(): [ResponseMode, (mode: ResponseMode) => void] {
  const isCoarse = useMediaQuery('(pointer: coarse)');
  const [chosen, setChosen] = useState<ResponseMode | null>(readStoredMode);
  const choose = useCallback((mode: ResponseMode) => {
    setChosen(mode);
    try {
      window.localStorage.setItem(STORAGE_KEY, mode);
    } catch {
      // Not kept; the choice still holds for this visit.
    }
  }, []);
  return [chosen ?? (isCoarse ? 'touch' : 'keyboard'), choose];
}
