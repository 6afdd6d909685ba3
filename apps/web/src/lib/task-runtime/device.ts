import type { DeviceInfo, Measurement } from '@cogni/domain';
import { estimateFrameIntervalMs, supportsElementTiming } from './onset';

/** deviceInfo of spec section 3, from what the browser tells. */
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

/** The session's measurement record (timing.md rule 8), taken before the run starts. */
export async function measureEnvironment(): Promise<Measurement> {
  return {
    crossOriginIsolated: window.crossOriginIsolated === true,
    hasElementTiming: supportsElementTiming(),
    frameIntervalMs: await estimateFrameIntervalMs(),
    inputType: 'keyboard',
    timeOriginMs: performance.timeOrigin,
  };
}
