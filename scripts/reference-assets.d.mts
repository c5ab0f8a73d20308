// Types for the part of scripts/reference-assets.mjs the test configuration imports.
export function referenceScriptSource(): Buffer;
export function writeReferenceScript(): string;
