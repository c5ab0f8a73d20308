// Types for the part of scripts/dev-server.mjs the e2e tests import.
export function fetchText(
  url: string,
  init: RequestInit,
  ms: number,
  notice: { log?: (text: string) => void; what: string },
): Promise<{ status: number; text: string }>;
export function waitForHealth(
  baseUrl: string,
  child: { exitCode: number | null; signalCode: string | null },
  log?: (text: string) => void,
): Promise<void>;
