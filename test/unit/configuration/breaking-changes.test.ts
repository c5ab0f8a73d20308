import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidateBreaks } from "../../../worker/domain/configuration/breaking-changes";
import { EMPTY_DOCUMENT } from "../../../worker/domain/configuration/document";
import { readDocument } from "../../../worker/domain/configuration/read-document";
import { documentArbitrary } from "../../configuration/arbitrary-document";

/** The breaking-change gate's candidates (CONTRACT section 2; issue 10, item 1), without stored data. */

const read = (input: unknown) => {
  const { document, issues } = readDocument(input, EMPTY_DOCUMENT);
  if (!document) throw new Error(JSON.stringify(issues));
  return document;
};

const field = (entityType: string, referenceId: string, typeInfo: object) => ({
  entityType,
  referenceId,
  label: referenceId,
  typeInfo,
});

describe("candidate breaks", () => {
  it("a document compared with itself has none", () => {
    fc.assert(
      fc.property(documentArbitrary, (input) => {
        const document = read(input);
        expect(candidateBreaks(document, document)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("removing any top-level field makes one candidate, looking in every place its values live", () => {
    fc.assert(
      fc.property(documentArbitrary, (input) => {
        const before = read(input);
        for (const removed of before.fieldDefinitions) {
          const after = { ...before, fieldDefinitions: before.fieldDefinitions.filter((f) => f !== removed) };
          const path = `fieldDefinitions.${removed.entityType}.${removed.referenceId}`;
          const found = candidateBreaks(before, after).filter((c) => c.path === path);
          expect(found).toHaveLength(1);
          const stores = found[0]?.uses.map((u) => (u.kind === "values" ? u.place.store : u.kind)) ?? [];
          const expected =
            removed.entityType === "exposure"
              ? ["records", "records", "policyVersions"]
              : removed.entityType === "policy"
                ? ["policyVersions"]
                : ["records"];
          expect(stores).toEqual(expected);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("tells option values apart by JSON type, and follows a set into group entries and embedded exposures", () => {
    const before = read({
      optionSets: [{ key: "n", options: [{ value: 1, label: "One" }] }],
      fieldDefinitions: [
        field("exposure", "drivers", {
          kind: "Group",
          subFields: [{ referenceId: "tier", label: "Tier", typeInfo: { kind: "Select", optionSet: "n" } }],
        }),
      ],
    });
    const after = read({ ...before, optionSets: [{ key: "n", options: [{ value: "1", label: "One" }] }] });
    const [change] = candidateBreaks(before, after);
    expect(change?.change).toBe('Option 1 of option set "n" is removed');
    expect(change?.uses.map((u) => (u.kind === "values" ? u.place : u))).toEqual([
      { store: "records", recordType: "exposure", path: ["drivers", "*", "tier"] },
      { store: "records", recordType: "quote", path: ["exposures", "*", "drivers", "*", "tier"] },
      { store: "policyVersions", path: ["exposures", "*", "drivers", "*", "tier"] },
    ]);
  });

  it("counts a relationship's other ends and a narrowed cardinality, not a loosened one", () => {
    const relationship = (from: string, cardinality: string) => ({ key: "r", from, to: "Person", cardinality });
    const doc = (from: string, cardinality: string) => read({ relationships: [relationship(from, cardinality)] });
    expect(candidateBreaks(doc("Person", "N:N"), doc("Person", "1:1")).map((c) => c.change)).toEqual([
      'Relationship "r" narrows its cardinality from N:N to 1:1',
    ]);
    expect(candidateBreaks(doc("Person", "1:1"), doc("Person", "N:N"))).toEqual([]);
    expect(candidateBreaks(doc("Person", "N:N"), doc("Exposure", "N:N"))[0]?.change).toContain("changes its ends");
  });
});
