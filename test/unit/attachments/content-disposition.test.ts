import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiFallback, contentDisposition, rfc8187Encode } from "../../../worker/domain/files/content-disposition";

/** The content read's `Content-Disposition` (CONTRACT section 6, Files; RFC 6266 and RFC 8187). */

describe("contentDisposition", () => {
  it("worked examples", () => {
    expect(contentDisposition("report.pdf")).toBe("attachment; filename=\"report.pdf\"; filename*=UTF-8''report.pdf");
    // "é" is U+00E9, UTF-8 C3 A9; the space is %20; the fallback has one "_" per code point.
    expect(contentDisposition("résumé 2.pdf")).toBe(
      "attachment; filename=\"r_sum_ 2.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9%202.pdf",
    );
    // "😀" is one code point (two UTF-16 units), UTF-8 F0 9F 98 80.
    expect(contentDisposition("😀")).toBe("attachment; filename=\"_\"; filename*=UTF-8''%F0%9F%98%80");
    expect(contentDisposition('a"b\\c')).toBe("attachment; filename=\"a_b_c\"; filename*=UTF-8''a%22b%5Cc");
    // Percent signs, quotes and the other characters outside attr-char are encoded; attr-char is kept.
    expect(rfc8187Encode("100% 'x' (y)*,;=")).toBe("100%25%20%27x%27%20%28y%29%2A%2C%3B%3D");
    expect(rfc8187Encode("A-z_0.9!#$&+^`|~")).toBe("A-z_0.9!#$&+^`|~");
  });

  it("the fallback is printable ASCII without quote or backslash, one character per code point", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (name) => {
        const fallback = asciiFallback(name);
        expect(fallback).toMatch(/^[\x20-\x7e]*$/);
        expect(fallback).not.toMatch(/["\\]/);
        expect([...fallback].length).toBe([...name].length);
      }),
    );
  });

  it("the extended value decodes back to the name and holds only attr-char and %XX", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (name) => {
        const encoded = rfc8187Encode(name);
        expect(encoded).toMatch(/^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})*$/);
        expect(decodeURIComponent(encoded)).toBe(name);
      }),
    );
  });
});
