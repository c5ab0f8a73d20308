import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../attachments/stored-objects";
import { BASE } from "../support/harness";

/** `GET /docs/scalar.js`: the pinned reference bundle, served by the worker itself (no static assets). */

const get = (headers: Record<string, string> = {}, method = "GET") =>
  SELF.fetch(`${BASE}/docs/scalar.js`, { method, headers });

describe("the reference page's script", () => {
  it("is the pinned bundle byte for byte, gzipped to a client that accepts gzip", async () => {
    const res = await get({ "Accept-Encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    // fetch decodes a gzip body as a browser does: bytes that were not gzip would fail here.
    expect(await sha256Hex(new Uint8Array(await res.arrayBuffer()))).toBe(env.REFERENCE_SCRIPT_SHA256);
  });

  it("is decompressed for a client that sends no Accept-Encoding or refuses gzip", async () => {
    const refusals: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "gzip;q=0, *" },
      { "Accept-Encoding": "identity" },
    ];
    for (const headers of refusals) {
      const res = await get(headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(await sha256Hex(new Uint8Array(await res.arrayBuffer()))).toBe(env.REFERENCE_SCRIPT_SHA256);
    }
  });

  it("is revalidated by its ETag: 304 without a body, the same tag every time", async () => {
    const first = await get({ "Accept-Encoding": "gzip" });
    await first.arrayBuffer();
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await get({ "If-None-Match": ifNoneMatch, "Accept-Encoding": "gzip" });
      expect(again.status).toBe(304);
      expect(again.headers.get("ETag")).toBe(etag);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    const together = await Promise.all(Array.from({ length: 8 }, () => get({ "Accept-Encoding": "gzip" })));
    for (const res of together) await res.arrayBuffer();
    expect(new Set(together.map((res) => `${res.status} ${res.headers.get("ETag")}`))).toEqual(
      new Set([`200 ${etag}`]),
    );
    const changed = await get({ "If-None-Match": '"0123"' });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });

  it("answers HEAD without a body and refuses other methods with 405 and Allow", async () => {
    const head = await get({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const post = await get({}, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    expect(((await post.json()) as { error: { code: string } }).error.code).toBeTruthy();
  });

  it("is described in /openapi.json as a public System operation with its 200 and 304", async () => {
    const document = (await (await SELF.fetch(`${BASE}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { security: unknown[]; tags: string[]; responses: Record<string, unknown> }>
      >;
    };
    const operation = document.paths["/docs/scalar.js"]?.get;
    expect(operation?.security).toEqual([]);
    expect(operation?.tags).toEqual(["System"]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(["200", "304"]));
  });
});
