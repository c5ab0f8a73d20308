import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, expectError } from "../support/harness";
import { attachmentFixture, UNKNOWN_ID } from "./fixture";
import { allByteValues, download, multipartBody, upload } from "./multipart";
import { sha256Hex } from "./stored-objects";

/** CONTRACT section 6, Files: `GET P/files/{fileId}/content` answers exactly the stored bytes. */

async function uploaded(name: string, value: Uint8Array | string, contentType?: string) {
  const f = await attachmentFixture();
  const res = await upload(
    f.company.id,
    f.admin,
    multipartBody([{ name: "file", filename: name, value, contentType }]),
  );
  expect(res.status, res.text).toBe(201);
  return { ...f, file: res.json as { id: string; size: number; sha256: string } };
}

describe("GET P/files/{fileId}/content", () => {
  it("round-trips every byte value exactly, with the documented headers", async () => {
    const bytes = allByteValues();
    const f = await uploaded("bytes.bin", bytes, "application/x-test-bytes");
    expect(f.file).toMatchObject({ size: 512, sha256: await sha256Hex(bytes) });
    const got = await download(f.company.id, f.admin, f.file.id);
    expect(got.status).toBe(200);
    expect([...got.bytes]).toEqual([...bytes]);
    expect(got.headers.get("Content-Type")).toBe("application/x-test-bytes");
    expect(got.headers.get("Content-Length")).toBe("512");
    expect(got.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(got.headers.get("Cache-Control")).toBe("no-store, no-transform");
    expect(got.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"bytes.bin\"; filename*=UTF-8''bytes.bin",
    );
  });

  it("names a UTF-8 file per RFC 6266/8187: an ASCII fallback and the percent-encoded UTF-8 name", async () => {
    // "Ü" is C3 9C, "日" E6 97 A5, "😀" F0 9F 98 80 in UTF-8; space is %20; each non-ASCII code point is one "_".
    const f = await attachmentFixture();
    // A name holding `"` goes in the `name` part (a quoted filename ends at its first `"`).
    const res = await upload(
      f.company.id,
      f.admin,
      multipartBody([
        { name: "file", filename: "x", value: "hi" },
        { name: "name", value: 'Über "日" 😀.txt' },
      ]),
    );
    const file = res.json as { id: string };
    const got = await download(f.company.id, f.admin, file.id);
    expect(got.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"_ber ___ _.txt\"; filename*=UTF-8''%C3%9Cber%20%22%E6%97%A5%22%20%F0%9F%98%80.txt",
    );
    expect((await f.call("GET", `/files/${file.id}`)).json.name).toBe('Über "日" 😀.txt');
  });

  it("replaces a backslash in the fallback and percent-encodes it", async () => {
    const f = await attachmentFixture();
    const res = await upload(
      f.company.id,
      f.admin,
      multipartBody([
        { name: "file", filename: "x", value: "x" },
        { name: "name", value: "a\\b;c.txt" },
      ]),
    );
    const got = await download(f.company.id, f.admin, res.json.id);
    expect(got.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"a_b;c.txt\"; filename*=UTF-8''a%5Cb%3Bc.txt",
    );
  });

  it("sends a zero-byte file with Content-Length 0", async () => {
    const f = await uploaded("empty", new Uint8Array(0));
    const got = await download(f.company.id, f.admin, f.file.id);
    expect(got.status).toBe(200);
    expect(got.bytes.length).toBe(0);
    expect(got.headers.get("Content-Length")).toBe("0");
  });

  it("ignores Range: the whole content, 200", async () => {
    const f = await uploaded("range.txt", "0123456789", "text/plain");
    const res = await SELF.fetch(`${BASE}/api/v1/companies/${f.company.id}/files/${f.file.id}/content`, {
      headers: { Authorization: f.admin, Range: "bytes=2-4" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("0123456789");
  });

  it("streams a multi-part stored object back byte for byte", { timeout: 60_000 }, async () => {
    const bytes = new Uint8Array(11 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 12)) & 255;
    const f = await uploaded("eleven.bin", bytes);
    const got = await download(f.company.id, f.admin, f.file.id);
    expect(got.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(await sha256Hex(got.bytes)).toBe(f.file.sha256);
    expect(await sha256Hex(bytes)).toBe(f.file.sha256);
  });

  it("answers 404 for an unknown file and 400 for a malformed id; needs file.view", async () => {
    const f = await uploaded("x", "x");
    expectError(await f.call("GET", `/files/${UNKNOWN_ID}/content`), 404, "NotFoundError", "Not found");
    expectError(await f.call("GET", "/files/nope/content"), 400, "VALIDATION_ERROR");
    const noView = await f.company.key([], ["file.create"]);
    expectError(await f.company.call("GET", `/files/${f.file.id}/content`, noView), 403, "AuthorizationError");
    const legacy = await f.company.key([], ["company.file:read"]);
    expect((await download(f.company.id, legacy, f.file.id)).status).toBe(200);
  });
});
