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

/** Collects issues while a document is read; paths are kept as string segments. */
export class IssueList {
  readonly items: ValidationIssue[] = [];

  error(path: Path, message: string, extra: Omit<ValidationIssue, "message" | "fieldPath" | "severity"> = {}) {
    this.items.push({ message, fieldPath: path.map(String), severity: "error", ...extra });
  }

  warning(path: Path, message: string, extra: Omit<ValidationIssue, "message" | "fieldPath" | "severity"> = {}) {
    this.items.push({ message, fieldPath: path.map(String), severity: "warning", ...extra });
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
    return this.items.some((i) => i.severity === "error");
  }
}
