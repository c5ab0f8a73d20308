import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import { operationContext, PLATFORM_ACTOR } from "../../worker/operations/context";
import { uploadFile } from "../../worker/operations/files/upload-file";
import { eventually } from "../support/harness";
import { runScheduled } from "../support/scheduled";
import { attachmentFixture } from "./fixture";
import { BOUNDARY, multipartBody, upload } from "./multipart";
import { rowCount, storedObjectKeys } from "./stored-objects";

/**
 * CONTRACT section 6, Files: "an object whose row is not committed is deleted (at once or by a sweep) and never
 * served". The upload operation runs here on the real bucket, D1 and company object, with the call to the object
 * made to fail the way a lost connection does: after the object ran (its answer lost) or before it ran.
 */

type Lost = "answer" | "call";

/** The worker's environment with the company object's `placeUploadedFile` failing as a lost connection would. */
function losing(lost: Lost): Env {
  const namespace = env.COMPANY;
  return {
    ...env,
    COMPANY: {
      idFromName: (name: string) => namespace.idFromName(name),
      get: (id: DurableObjectId) => {
        const stub = namespace.get(id) as any;
        return new Proxy(stub, {
          get(target, method) {
            if (method !== "placeUploadedFile") return target[method];
            return async (...args: unknown[]) => {
              if (lost === "answer") await target.placeUploadedFile(...args);
              throw new Error("Network connection lost.");
            };
          },
        });
      },
    } as unknown as Env["COMPANY"],
  };
}

async function uploadLosing(companyId: string, lost: Lost) {
  const body = multipartBody([{ name: "file", filename: "lost.txt", value: "bytes of a lost answer" }]);
  const ctx = operationContext(losing(lost), {
    companyId,
    actor: PLATFORM_ACTOR,
    requestId: crypto.randomUUID(),
    method: "POST",
    path: "/files",
    batchId: null,
  });
  const request = {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    contentLength: String(body.length),
    body: new Blob([body]).stream(),
  };
  await expect(uploadFile(ctx, request)).rejects.toThrow("Network connection lost.");
}

const HOUR = 3_600_000;

/** Records an upload's object as unplaced at `storedAt`, as a request that stopped would leave it. */
async function recordUnplaced(companyId: string, fileId: string, storedAt: Date) {
  const objectKey = `files/${companyId}/${fileId}`;
  await env.DB.prepare(
    "INSERT INTO unplaced_file_objects (object_key, company_id, file_id, stored_at) VALUES (?, ?, ?, ?)",
  )
    .bind(objectKey, companyId, fileId, storedAt.toISOString())
    .run();
  return objectKey;
}

/** An object stored as an upload's and left unplaced: its request stopped before the row. */
async function leftUnplaced(companyId: string, fileId: string, storedAt: Date) {
  await env.FILES.put(`files/${companyId}/${fileId}`, "orphan bytes");
  return recordUnplaced(companyId, fileId, storedAt);
}

/** A plain upload through HTTP. */
const uploadText = (f: Awaited<ReturnType<typeof attachmentFixture>>, text: string) =>
  upload(f.company.id, f.admin, multipartBody([{ name: "file", filename: "kept.txt", value: text }]));

describe("an upload whose answer from the company object is lost", () => {
  it("keeps the object when the row committed: the batch that wrote it forgot the object as unplaced", async () => {
    const f = await attachmentFixture();
    await uploadLosing(f.company.id, "answer");
    const [row] = (await f.call("GET", "/files")).json.items;
    expect(row).toMatchObject({ name: "lost.txt", size: 22 });
    expect(await rowCount("unplaced_file_objects", f.company.id)).toBe(0);
    await runScheduled(Date.now() + 3 * HOUR);
    expect(await storedObjectKeys(f.company.id)).toEqual([`files/${f.company.id}/${row.id}`]);
    expect((await f.call("GET", `/files/${row.id}/content`)).text).toBe("bytes of a lost answer");
  });

  it("leaves the object to the sweep when the row never committed: no row serves it, the sweep deletes it", async () => {
    const f = await attachmentFixture();
    await uploadLosing(f.company.id, "call");
    expect(await rowCount("files", f.company.id)).toBe(0);
    // Not deleted at once (the failure does not say whether the row committed): recorded, never served.
    expect(await storedObjectKeys(f.company.id)).toHaveLength(1);
    expect(await rowCount("unplaced_file_objects", f.company.id)).toBe(1);
    await runScheduled(Date.now());
    expect(await storedObjectKeys(f.company.id)).toHaveLength(1);
    await runScheduled(Date.now() + 2 * HOUR);
    await eventually(
      () => storedObjectKeys(f.company.id),
      (keys) => keys.length === 0,
    );
    expect(await rowCount("unplaced_file_objects", f.company.id)).toBe(0);
  });
});

describe("an uploaded object whose row was never committed (CONTRACT 6: deleted at once or by a sweep)", () => {
  it("the scheduled sweep deletes one left past the hour unless a file row names it; a younger one waits", async () => {
    const f = await attachmentFixture();
    const placed = await uploadText(f, "kept bytes");
    expect(placed.status).toBe(201);
    const now = new Date();
    const orphan = await leftUnplaced(f.company.id, crypto.randomUUID(), new Date(now.getTime() - 2 * HOUR));
    const young = await leftUnplaced(f.company.id, crypto.randomUUID(), new Date(now.getTime() - HOUR / 2));
    // The answer lost after the row committed: its object stays recorded, but a row names it.
    const placedKey = await recordUnplaced(f.company.id, placed.json.id, new Date(now.getTime() - 2 * HOUR));

    await runScheduled(now.getTime());
    await runScheduled(now.getTime()); // idempotent: a second run finds nothing more
    await eventually(
      () => storedObjectKeys(f.company.id),
      (keys) => !keys.includes(orphan),
    );
    expect((await storedObjectKeys(f.company.id)).sort()).toEqual([placedKey, young].sort());
    const unplaced = await env.DB.prepare("SELECT object_key FROM unplaced_file_objects WHERE company_id = ?")
      .bind(f.company.id)
      .all<{ object_key: string }>();
    expect(unplaced.results.map((row) => row.object_key)).toEqual([young]);
    const content = await f.call("GET", `/files/${placed.json.id}/content`);
    expect(content.status).toBe(200);
    expect(content.text).toBe("kept bytes");
    await eventually(
      () => rowCount("file_object_purges", f.company.id),
      (n) => n === 0,
    );

    // An hour later the younger one is taken too.
    await runScheduled(now.getTime() + HOUR);
    await eventually(
      () => storedObjectKeys(f.company.id),
      (keys) => keys.length === 1,
    );
    expect(await storedObjectKeys(f.company.id)).toEqual([placedKey]);
    expect(await rowCount("unplaced_file_objects", f.company.id)).toBe(0);
  });
});
