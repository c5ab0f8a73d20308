import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validatePolicyVersions } from "../../../worker/domain/data-validation/policy-finding";
import { checkStoredValues } from "../../../worker/domain/data-validation/record-finding";
import type { ValidationTarget } from "../../../worker/domain/data-validation/validation-target";
import { field } from "../entities/write-input";

const optionSets = new Map([
  [
    "kinds",
    {
      key: "kinds",
      options: [
        { value: "a", label: "A" },
        { value: "b", label: "B" },
      ],
    },
  ],
]);
const target = (kind: ValidationTarget["kind"] = "entity"): ValidationTarget => ({
  kind,
  entityType: kind === "policy" ? "policy" : "quote",
  fields: [field("tags", "MultiSelect", { typeInfo: { kind: "MultiSelect", optionSet: "kinds" } })],
  platformFields: ["exposures"],
  optionSets,
  embeddedExposureFields: [field("year", "Integer")],
});

describe("stored values are read in their stored shape", () => {
  // Reference model: a stored MultiSelect adheres exactly when it is a list of option values.
  it("a MultiSelect holds a list of option values, never the legacy comma text", () => {
    const value = fc.oneof(
      fc.constantFrom("a", "a,b", null),
      fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(value, (tags) => {
        const fits = tags === null || (Array.isArray(tags) && tags.every((t) => t === "a" || t === "b"));
        expect(checkStoredValues(target(), { tags }).problems.length === 0).toBe(fits);
      }),
    );
  });

  it("checks embedded exposures against the exposure fields, unknown members included", () => {
    expect(checkStoredValues(target(), { exposures: [{ year: 1 }, { year: "x", old: true }] })).toEqual({
      extraKeys: [],
      problems: [
        { path: "exposures[1].old", problem: "is not an exposure field" },
        { path: "exposures[1].year", problem: "must be a whole number" },
      ],
    });
  });
});

describe("a policy's finding covers the data of every version", () => {
  it("checks each distinct data object once, where it first appears", () => {
    const version = (n: number, data: object) => ({
      version: n,
      coverage: { segments: [{ data }], cancellation: null },
    });
    const finding = validatePolicyVersions(
      target("policy"),
      "p",
      [version(1, { tags: "a" }), version(2, { tags: "a" })],
      (d) => d,
    );
    expect(finding.issues.map((i) => i.fieldPath.join("."))).toEqual(["versions.1.segments.0.data.tags"]);
    expect(validatePolicyVersions(target("policy"), "p", "nope", (d) => d).issues[0]?.code).toBe("unreadable-record");
  });
});
