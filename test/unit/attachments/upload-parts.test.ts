import { describe, expect, it } from "vitest";
import { fileNameProblem } from "../../../worker/domain/files/file-name";
import { isMediaType } from "../../../worker/domain/files/media-type";
import { readPartHeaders } from "../../../worker/domain/files/part-headers";

/** How the parts of an upload are read (CONTRACT section 6, Files). */

describe("readPartHeaders", () => {
  it("reads the name, the quoted filename as it is, and the part's media type", () => {
    expect(
      readPartHeaders(
        'Content-Disposition: form-data; name="file"; filename="100%25 ü.txt"\r\nContent-Type: text/plain',
      ),
    ).toEqual({ name: "file", filename: "100%25 ü.txt", contentType: "text/plain" });
    expect(readPartHeaders("content-disposition: FORM-DATA; name=folderId")).toEqual({
      name: "folderId",
      filename: null,
      contentType: null,
    });
  });

  it("does not take filename* or an unquoted filename for the quoted filename", () => {
    expect(
      readPartHeaders("Content-Disposition: form-data; name=\"file\"; filename*=UTF-8''a.txt")?.filename,
    ).toBeNull();
    expect(readPartHeaders('Content-Disposition: form-data; name="file"; filename=a.txt')?.filename).toBeNull();
    expect(readPartHeaders('Content-Disposition: form-data; name="file"; filename=""')?.filename).toBe("");
  });

  it("refuses headers that are not one form-data disposition", () => {
    expect(readPartHeaders("")).toBeNull();
    expect(readPartHeaders('Content-Disposition: attachment; name="file"')).toBeNull();
    expect(readPartHeaders('Content-Disposition: form-data; name="a"\r\nContent-Disposition: form-data')).toBeNull();
    expect(readPartHeaders('Content-Disposition: form-data; name="a"\r\n folded')).toBeNull();
  });
});

describe("isMediaType", () => {
  it("accepts type/subtype with parameters in printable ASCII up to 255 characters", () => {
    for (const ok of ["application/pdf", "text/plain; charset=utf-8", 'multipart/mixed; boundary="a b"', "a/b;c=d"]) {
      expect(isMediaType(ok), ok).toBe(true);
    }
    expect(isMediaType(`application/${"x".repeat(243)}`)).toBe(true);
    for (const bad of [
      "text",
      "text/",
      "/plain",
      "text/plain; charset",
      "text/pläin",
      "a b/c",
      `a/${"x".repeat(254)}`,
    ]) {
      expect(isMediaType(bad), bad).toBe(false);
    }
  });
});

describe("fileNameProblem", () => {
  it("allows 1 to 255 code points without control characters", () => {
    expect(fileNameProblem("😀".repeat(255))).toBeNull();
    expect(fileNameProblem("")).toBe("must not be empty");
    expect(fileNameProblem("x".repeat(256))).toBe("must be at most 255 characters long");
    for (const control of ["\u0000", "\n", "\u007f", "\u0085"]) {
      expect(fileNameProblem(`a${control}b`)).toBe("must not contain control characters");
    }
  });
});
