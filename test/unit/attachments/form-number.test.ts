import { describe, expect, it } from "vitest";
import { formNumberProblem } from "../../../worker/domain/forms/form-number";

/** Form template numbers (CONTRACT section 6, Forms). */

describe("formNumberProblem", () => {
  it("allows letters, digits, space, '.', '_', '-' from a letter or digit, up to 64; reserves generated", () => {
    for (const ok of ["CG 00 01", "a", "IL-00.17_v2", "x".repeat(64), "generated-2"])
      expect(formNumberProblem(ok)).toBeNull();
    for (const bad of ["", " CG", "-1", "CG/01", "x".repeat(65), "CG\u00a001"])
      expect(formNumberProblem(bad)).not.toBeNull();
    for (const reserved of ["generated", "Generated", "GENERATED"])
      expect(formNumberProblem(reserved)).toBe("is reserved");
  });
});
