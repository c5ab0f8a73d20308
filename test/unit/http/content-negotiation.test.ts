import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptsGzip, entityTagListed } from "../../../worker/http/content-negotiation";

describe("acceptsGzip (Accept-Encoding, RFC 9110 12.5.3)", () => {
  it("accepts gzip named with a weight above 0, or * when gzip is not named", () => {
    for (const header of ["gzip", "GZIP", "deflate, gzip;q=0.5", "br, *", "x-gzip", "gzip ; q=1.0", "*;q=0.1"])
      expect(acceptsGzip(header), header).toBe(true);
  });

  it("refuses no header, an identity-only list, gzip at q=0 (whatever * says) and * at q=0", () => {
    for (const header of [undefined, "", "identity", "br, deflate", "gzip;q=0", "gzip;q=0.000, *", "*;q=0", "gzip;q=x"])
      expect(acceptsGzip(header), String(header)).toBe(false);
  });

  it("follows gzip's own weight whenever gzip is named, wherever it stands in the list", () => {
    const other = fc.constantFrom("br", "deflate", "identity", "*", "zstd");
    const weight = fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000);
    fc.assert(
      fc.property(fc.array(fc.tuple(other, weight)), weight, fc.nat(), (others, q, at) => {
        const members = others.map(([token, w]) => `${token};q=${w}`);
        members.splice(at % (members.length + 1), 0, `gzip;q=${q}`);
        expect(acceptsGzip(members.join(", "))).toBe(q > 0);
      }),
    );
  });
});

describe("entityTagListed (If-None-Match, weak comparison)", () => {
  const etag = '"3f2a"';
  it("lists the tag strong or weak, alone or among others, or *", () => {
    for (const header of ['"3f2a"', 'W/"3f2a"', '"x", "3f2a"', "*", ' "other" , W/"3f2a" '])
      expect(entityTagListed(header, etag), header).toBe(true);
  });

  it("does not list another tag, a tag without quotes or an empty header", () => {
    for (const header of [undefined, "", '"3f2b"', "3f2a", '"3f2a-"'])
      expect(entityTagListed(header, etag)).toBe(false);
  });
});
