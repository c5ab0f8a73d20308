import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categoryOnCreate, categoryOnUpdate } from "../../../worker/domain/folders/category";

/** The folder and file category rule (interface, "folder node `category`"; CONTRACT section 6, Folders). */

const LIST = ["Underwriting", "Loss runs"];

describe("categoryOnCreate", () => {
  it("takes a configured label or none; refuses anything else, and every label without a list", () => {
    expect(categoryOnCreate("Underwriting", LIST)).toEqual({ ok: true, category: "Underwriting" });
    expect(categoryOnCreate(undefined, LIST)).toEqual({ ok: true, category: null });
    expect(categoryOnCreate(null, null)).toEqual({ ok: true, category: null });
    expect(categoryOnCreate("underwriting", LIST).ok).toBe(false);
    expect(categoryOnCreate("Underwriting", []).ok).toBe(false);
    expect(categoryOnCreate("Underwriting", null).ok).toBe(false);
  });
});

describe("categoryOnUpdate", () => {
  it("omitted leaves, null clears, the carried label is kept, a configured label is set, others refused", () => {
    expect(categoryOnUpdate(undefined, "Old", LIST)).toEqual({ ok: true, category: "Old" });
    expect(categoryOnUpdate(null, "Old", LIST)).toEqual({ ok: true, category: null });
    expect(categoryOnUpdate("Old", "Old", LIST)).toEqual({ ok: true, category: "Old" });
    expect(categoryOnUpdate("Loss runs", "Old", LIST)).toEqual({ ok: true, category: "Loss runs" });
    expect(categoryOnUpdate("Other", "Old", LIST).ok).toBe(false);
    expect(categoryOnUpdate("Old", "Old", null)).toEqual({ ok: true, category: "Old" });
  });

  it("an accepted label is always configured, the one carried, or null", () => {
    const label = fc.constantFrom("Underwriting", "Loss runs", "Old", "Other", "");
    fc.assert(
      fc.property(
        fc.option(label, { nil: undefined }),
        fc.option(label, { nil: null }),
        fc.option(fc.subarray(LIST), { nil: null }),
        (requested, current, configured) => {
          const verdict = categoryOnUpdate(requested === undefined ? undefined : requested, current, configured);
          if (!verdict.ok) {
            expect(requested === null || requested === undefined || requested === current).toBe(false);
            return;
          }
          const value = verdict.category;
          expect(value === null || value === current || (configured ?? []).includes(value)).toBe(true);
        },
      ),
    );
  });
});
