import type { DeviceInfo, Measurement } from '@cogni/domain';
import { estimateFrameIntervalMs, supportsElementTiming } from './onset';

/** The session's deviceInfo (docs/product.md#entities), from what the browser tells. */
export function readDeviceInfo(): DeviceInfo {
  const isCoarse = window.matchMedia('(pointer: coarse)').matches;
  const width = window.screen.width;
  return {
    type: !isCoarse ? 'desktop' : width >= 768 ? 'tablet' : 'mobile',
    userAgent: navigator.userAgent.slice(0, 500),
    screenWidth: Math.round(width),
    screenHeight: Math.round(window.screen.height),
  };
}

/** The session's measurement record (rule 8 in docs/timing-rules.md), taken before the run. */
export async function measureEnvironment(): Promise<Measurement> {
  return {
    crossOriginIsolated: window.crossOriginIsolated === true,
    hasElementTiming: supportsElementTiming(),
    frameIntervalMs: await estimateFrameIntervalMs(),
    inputType: 'keyboard',
    timeOriginMs: performance.timeOrigin,
  };
}
