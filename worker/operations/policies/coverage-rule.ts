import { CoverageError } from "../../domain/policies/segments";
import { coverageError } from "../../errors/policy-refusals";

/** Runs a segment rule of `domain/policies/segments.ts`, answering its refusal as the documented ApiError. */
export function applyCoverageRule<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof CoverageError) throw coverageError(error);
    throw error;
  }
}
