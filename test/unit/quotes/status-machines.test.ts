import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QUOTE_STATUSES, quoteNumberOf, quoteTransition } from "../../../worker/domain/quotes/lifecycle";
import { lifecycleWriteRefusal } from "../../../worker/domain/quotes/lifecycle-fields";
import {
  INTAKE_STATUSES,
  quoteCreationRefusal,
  recomputedStatus,
  SUBMISSION_STATUSES,
  statusWrite,
} from "../../../worker/domain/submissions/status";

describe("the quote status machine (CONTRACT 5.3)", () => {
  it.each([
    ["inProgress", "complete", "complete"],
    ["inProgress", "cancel", "cancelled"],
    ["complete", "cancel", "cancelled"],
    ["inProgress", "bind", "bound"],
    ["complete", "bind", "bound"],
    ["complete", "close", "cancelled"],
  ] as const)("%s --%s--> %s", (from, trigger, to) => {
    expect(quoteTransition(from, trigger)).toBe(to);
  });

  it("refuses every trigger from bound and cancelled, and complete from anything but inProgress", () => {
    for (const from of ["bound", "cancelled"] as const)
      for (const trigger of ["complete", "cancel", "bind", "close"] as const)
        expect(quoteTransition(from, trigger)).toBeNull();
    expect(quoteTransition("complete", "complete")).toBeNull();
  });

  it("numbers a quote Q + the submission's 8 digits + a two-digit ordinal", () => {
    expect(quoteNumberOf("S00000012", 1)).toBe("Q00000012-01");
    expect(quoteNumberOf("S00000012", 99)).toBe("Q00000012-99");
  });
});

describe("lifecycle field writes (CONTRACT 5.2)", () => {
  const stored = { quoteStatus: "inProgress", quoteNumber: "Q00000001-01", quoteBindErrors: [] };
  it("accepts a resent value, guards quoteStatus, and lists the other changed fields", () => {
    expect(lifecycleWriteRefusal({ quoteStatus: "inProgress", quoteBindErrors: [] }, stored)).toBeNull();
    expect(lifecycleWriteRefusal({ quoteStatus: "bound", quoteNumber: "x" }, stored)).toEqual({
      kind: "guarded-status",
    });
    expect(lifecycleWriteRefusal({ quoteNumber: "x", quoteType: "renewal" }, stored)).toEqual({
      kind: "lifecycle-fields",
      fields: ["quoteType", "quoteNumber"],
    });
  });
  it("on create refuses any non-null value; a PUT refuses naming one at all", () => {
    expect(lifecycleWriteRefusal({ quoteNumber: null }, null)).toBeNull();
    expect(lifecycleWriteRefusal({ quoteStatus: "inProgress" }, null)).toEqual({ kind: "guarded-status" });
    expect(lifecycleWriteRefusal({ quoteStatus: "inProgress" }, stored, true)).toEqual({
      kind: "lifecycle-fields",
      fields: ["quoteStatus"],
    });
  });
});

describe("the submission status machine (CONTRACT 5.3)", () => {
  it("R: bound over quoted over the last intake status", () => {
    expect(recomputedStatus("submitted", ["cancelled", "bound", "inProgress"])).toBe("bound");
    expect(recomputedStatus("submitted", ["cancelled", "complete"])).toBe("quoted");
    expect(recomputedStatus("submitted", ["cancelled"])).toBe("submitted");
    expect(recomputedStatus("draft", [])).toBe("draft");
  });

  it("R depends only on which statuses occur, never on their order", () => {
    fc.assert(
      fc.property(fc.constantFrom(...INTAKE_STATUSES), fc.array(fc.constantFrom(...QUOTE_STATUSES)), (intake, list) => {
        expect(recomputedStatus(intake, [...list].reverse())).toBe(recomputedStatus(intake, list));
      }),
    );
  });

  it("a generic write: intake to intake changes, derived and closed statuses are guarded, resending is kept", () => {
    expect(statusWrite(null, undefined, false)).toEqual({ kind: "set", status: "draft" });
    expect(statusWrite(null, "under_review", true)).toEqual({ kind: "set", status: "under_review" });
    expect(statusWrite(null, "quoted", true)).toEqual({ kind: "guarded" });
    expect(statusWrite("draft", "declined", true)).toEqual({ kind: "set", status: "declined" });
    expect(statusWrite("quoted", "quoted", true)).toEqual({ kind: "keep" });
    expect(statusWrite("quoted", "draft", true)).toEqual({ kind: "guarded" });
    expect(statusWrite("draft", "closed", true)).toEqual({ kind: "guarded" });
    expect(statusWrite("draft", "open", true)).toMatchObject({ kind: "invalid" });
  });

  it("every change between two statuses is allowed exactly when both are intake statuses", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SUBMISSION_STATUSES), fc.constantFrom(...SUBMISSION_STATUSES), (from, to) => {
        const write = statusWrite(from, to, true);
        const intake = (INTAKE_STATUSES as readonly string[]).includes.bind(INTAKE_STATUSES);
        if (from === to) expect(write.kind).toBe("keep");
        else expect(write.kind).toBe(intake(from) && intake(to) ? "set" : "guarded");
      }),
    );
  });

  it("a closed, declined or bound submission, or one with 99 quotes, takes no new quote", () => {
    for (const status of ["closed", "declined", "bound"] as const)
      expect(quoteCreationRefusal(status, 0)).not.toBeNull();
    expect(quoteCreationRefusal("quoted", 98)).toBeNull();
    expect(quoteCreationRefusal("quoted", 99)).toContain("99 quotes");
  });
});
