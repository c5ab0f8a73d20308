import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  completeEmbeddedExposures,
  lockedEmbeddedFields,
  planEmbeddedExposures,
} from "../../../worker/domain/entities/embedded-exposure-rules";
import { calculated, field, NOW, sequence } from "./write-input";

const fields = [
  field("name", "String", { required: true }),
  field("notes", "String", { writePermission: "underwriting" }),
  field("flag", "String", { readOnly: true }),
  sequence("ref"),
  calculated("shout", "upper(name)"),
  field("zone", "String", { computedDefault: "concat('Z-', ref)" }),
];

describe("write groups of embedded exposures", () => {
  // Reference model: an item is refused for a locked field exactly when its value differs from the stored
  // item's at the same position (absent counts as null).
  it("refuse exactly the items that change a locked value", () => {
    const value = fc.constantFrom(undefined, null, "a", "b");
    fc.assert(
      fc.property(value, value, (sent, held) => {
        const item = sent === undefined ? { name: "x" } : { name: "x", notes: sent };
        const stored = held === undefined ? [] : [{ name: "x", notes: held }];
        const locked = lockedEmbeddedFields([item], fields, stored, () => false);
        expect(locked.length > 0).toBe((sent ?? null) !== (held ?? null));
        expect(lockedEmbeddedFields([item], fields, stored, () => true)).toEqual([]);
      }),
    );
  });
});

describe("planEmbeddedExposures", () => {
  it("refuses a changed read-only value and keeps stored read-only and sequence values left out", () => {
    expect(planEmbeddedExposures([{ name: "a", flag: "x" }], fields, [], [])).toEqual({
      ok: false,
      kind: "invalid",
      problems: [{ path: "exposures[0].flag", problem: "is read-only" }],
    });
    const stored = [{ name: "a", flag: "kept", ref: "P-0001" }];
    expect(planEmbeddedExposures([{ name: "b" }], fields, [], stored)).toEqual({
      ok: true,
      exposures: [{ name: "b", flag: "kept", ref: "P-0001" }],
    });
  });

  it("derives defaults for what an item leaves out, then calculated fields, naming a required one left empty", () => {
    expect(
      completeEmbeddedExposures(
        fields,
        [
          { name: "a", ref: "P-0002" },
          { name: "b", zone: "Z" },
        ],
        NOW,
      ),
    ).toEqual({
      exposures: [
        { name: "a", ref: "P-0002", zone: "Z-P-0002", shout: "A" },
        { name: "b", zone: "Z", shout: "B" },
      ],
      problems: [],
    });
    const requiredDefault = [field("code", "String", { required: true, computedDefault: "null" })];
    expect(completeEmbeddedExposures(requiredDefault, [{}], NOW).problems).toEqual([
      { path: "exposures[0].code", problem: "is required" },
    ]);
  });
});
