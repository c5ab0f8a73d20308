import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sequenceText } from "../../../worker/domain/entities/sequence-text";

describe("a Sequence field's stored text (worker/domain/entities/sequence-text.ts)", () => {
  it("puts the prefix before the value zero-padded to the padding, never cutting a longer value", () => {
    expect(sequenceText({ prefix: "CLM-", padding: 5 }, 42)).toBe("CLM-00042");
    expect(sequenceText({ prefix: "QR-", padding: 3 }, 1_234)).toBe("QR-1234");
    expect(sequenceText({}, 7)).toBe("7");
  });

  it("reads back as the prefix and the value (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 20 }), fc.nat(), (prefix, padding, value) => {
        const text = sequenceText({ prefix, padding }, value);
        expect(text.startsWith(prefix)).toBe(true);
        const digits = text.slice(prefix.length);
        expect(digits.length).toBeGreaterThanOrEqual(padding);
        expect(Number(digits)).toBe(value);
      }),
    );
  });
});
