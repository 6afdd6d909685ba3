/** A PO catalog, compiled by the Lingui Vite plugin when it is imported (ADR 042). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
