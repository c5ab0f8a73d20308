import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import worker from "../../worker/index";
import { operationContext, PLATFORM_ACTOR } from "../../worker/operations/context";
import { uploadFile } from "../../worker/operations/files/upload-file";
import { eventually } from "../support/harness";
import { attachmentFixture } from "./fixture";
import { BOUNDARY, multipartBody } from "./multipart";
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

const sweepAt = (at: number) =>
  worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/15 * * * *" }), env);

describe("an upload whose answer from the company object is lost", () => {
  it("keeps the object when the row committed: the batch that wrote it forgot the object as unplaced", async () => {
    const f = await attachmentFixture();
    await uploadLosing(f.company.id, "answer");
    const [row] = (await f.call("GET", "/files")).json.items;
    expect(row).toMatchObject({ name: "lost.txt", size: 22 });
    expect(await rowCount("unplaced_file_objects", f.company.id)).toBe(0);
    await sweepAt(Date.now() + 3 * 3_600_000);
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
    await sweepAt(Date.now());
    expect(await storedObjectKeys(f.company.id)).toHaveLength(1);
    await sweepAt(Date.now() + 2 * 3_600_000);
    await eventually(
      () => storedObjectKeys(f.company.id),
      (keys) => keys.length === 0,
    );
    expect(await rowCount("unplaced_file_objects", f.company.id)).toBe(0);
  });
});
