// Types for the part of scripts/reference-assets.mjs the test configuration and its tests import.
export const REFERENCE_MODULE: string;
export function referenceScriptSource(): Buffer;
export function writeReferenceScript(target?: string): { path: string; written: boolean };
