import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMissingValue, readFieldValue } from "../../../worker/domain/entities/field-values";
import { field } from "./write-input";

describe("a required value is missing when absent, null or blank text", () => {
  it("counts text with nothing but whitespace as missing, and any other text as present", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(isMissingValue(text)).toBe(text.trim() === "");
      }),
    );
    expect([undefined, null, "", " \t"].map(isMissingValue)).toEqual([true, true, true, true]);
    expect([0, false, [], {}].map(isMissingValue)).toEqual([false, false, false, false]);
  });
});

describe("option values keep their JSON type", () => {
  const optionSets = new Map([
    [
      "n",
      {
        key: "n",
        options: [
          { value: 1, label: "One" },
          { value: "a", label: "A" },
        ],
      },
    ],
  ]);
  const select = field("tier", "Select", { typeInfo: { kind: "Select", optionSet: "n" } });

  it("accepts exactly the option values, never their text or number twins", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom("1", "a", "A", "")), (value) => {
        const reading = readFieldValue(select, value, { optionSets }, "tier");
        expect(reading.ok).toBe(value === 1 || value === "a");
      }),
    );
  });

  it("names each allowed value as its JSON literal, with a hint when only the type differs", () => {
    expect(readFieldValue(select, "1", { optionSets }, "tier")).toEqual({
      ok: false,
      problems: [
        { path: "tier", problem: 'must be one of: 1, "a" (the text "1" was sent; the option is the number 1)' },
      ],
    });
    expect(readFieldValue(select, 7, { optionSets }, "tier")).toEqual({
      ok: false,
      problems: [{ path: "tier", problem: 'must be one of: 1, "a"' }],
    });
  });
});
