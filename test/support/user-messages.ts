import { expect } from "vitest";

/** A field path as programs write it: `policyEndDate.year`, `policy.limit`, `exposures[0]`, `a.0.b`. */
const FIELD_PATH = /[A-Za-z_]\w*(?:\.[A-Za-z0-9_]+|\[\d+\])+/;

/**
 * Every user message is a clean sentence, "free of code tags and field paths, displayable as is"
 * (interface, Errors): no braces or code marks, no dotted or indexed path, a capital first and a stop last.
 */
export function expectDisplayable(messages: readonly string[], label: string) {
  for (const message of messages) {
    expect(message, label).not.toMatch(/[{}<>`]/);
    expect(message, label).not.toMatch(FIELD_PATH);
    expect(message, label).toMatch(/^[A-Z].*[.!?]$/);
  }
}
