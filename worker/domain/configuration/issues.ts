import type { z } from "zod";
import { describeIssue, humanLabel } from "../issue-messages";

/** A configuration validation issue (interface, "Configuration validation"). */
export interface ValidationIssue {
  message: string;
  /** Ordered path segments; empty when the location is unknown. */
  fieldPath: string[];
  severity: "error" | "warning";
  code?: string;
  reason?: string;
  expected?: string;
}

export type Path = ReadonlyArray<string | number>;

/** Issues listed for one document; a document with more gets the first ones and a count of the rest. */
export const MAX_LISTED_ISSUES = 1_000;

/** Collects issues while a document is read; paths are kept as string segments. */
export class IssueList {
  private readonly listed: ValidationIssue[] = [];
  private errors = 0;
  private omitted = 0;

  /** The issues found: the first 1,000, then one issue counting those not listed (answers stay bounded). */
  get items(): ValidationIssue[] {
    if (!this.omitted) return this.listed;
    const summary: ValidationIssue = {
      message: `${this.omitted.toLocaleString("en-US")} more issues are not listed; fix these and validate again`,
      fieldPath: [],
      severity: this.errors > 0 ? "error" : "warning",
      code: "too-many-issues",
    };
    return [...this.listed, summary];
  }

  private add(issue: ValidationIssue) {
    if (issue.severity === "error") this.errors++;
    if (this.listed.length < MAX_LISTED_ISSUES) this.listed.push(issue);
    else this.omitted++;
  }

  error(path: Path, message: string, extra: Omit<ValidationIssue, "message" | "fieldPath" | "severity"> = {}) {
    this.add({ message, fieldPath: path.map(String), severity: "error", ...extra });
  }

  warning(path: Path, message: string, extra: Omit<ValidationIssue, "message" | "fieldPath" | "severity"> = {}) {
    this.add({ message, fieldPath: path.map(String), severity: "warning", ...extra });
  }

  /** Zod's structural findings, each placed under `base`. */
  zod(base: Path, error: z.ZodError) {
    for (const issue of error.issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) {
          this.error([...base, ...issue.path.map(String), key], `Unknown member "${key}"`, { code: "unknown-member" });
        }
        continue;
      }
      const expected =
        issue.code === "invalid_type"
          ? issue.expected
          : issue.code === "invalid_value"
            ? issue.values.map(String).join(" | ")
            : undefined;
      this.error(
        [...base, ...issue.path.map(String)],
        `${humanLabel([...base, ...issue.path])} ${describeIssue(issue)}`,
        { code: issue.code, ...(expected ? { expected } : {}) },
      );
    }
  }

  get hasErrors() {
    return this.errors > 0;
  }
}

/** Reports every item whose identity repeats an earlier one. */
export function uniqueBy<T>(
  items: readonly T[],
  identity: (item: T) => string,
  path: Path,
  what: string,
  issues: IssueList,
  member = "key",
) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const id = identity(item);
    if (seen.has(id)) issues.error([...path, index, member], `Duplicate ${what} "${id}"`, { code: "duplicate" });
    seen.add(id);
  });
}
