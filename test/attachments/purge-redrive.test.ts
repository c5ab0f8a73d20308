import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { redriveObjectPurges } from "../../worker/scheduled/redrive-object-purges";
import { eventually } from "../support/harness";
import { must } from "../support/must";
import { runScheduled } from "../support/scheduled";
import { attachmentFixture } from "./fixture";
import { rowCount, storedObjectKeys } from "./stored-objects";

const MINUTE = 60_000;

/** An object queued for deletion at `requestedAt` whose purge never ran (it failed past the queue's retries). */
async function queuedForDeletion(companyId: string, requestedAt: Date) {
  const objectKey = `files/${companyId}/${crypto.randomUUID()}`;
  await env.FILES.put(objectKey, "bytes of a deleted file");
  await env.DB.prepare("INSERT INTO file_object_purges (object_key, company_id, requested_at) VALUES (?, ?, ?)")
    .bind(objectKey, companyId, requestedAt.toISOString())
    .run();
  return objectKey;
}

describe("stored objects are deleted, retried in the background until gone (CONTRACT 6, Files)", () => {
  it("the cron asks again for every company whose queued object waited past ten minutes; younger ones wait", async () => {
    const [stuck, fresh] = [await attachmentFixture(), await attachmentFixture()];
    const now = Date.now();
    await queuedForDeletion(stuck.company.id, new Date(now - 30 * MINUTE));
    const young = await queuedForDeletion(fresh.company.id, new Date(now - MINUTE));

    await runScheduled(now);
    await eventually(
      () => storedObjectKeys(stuck.company.id),
      (keys) => keys.length === 0,
    );
    await eventually(
      () => rowCount("file_object_purges", stuck.company.id),
      (n) => n === 0,
    );
    // Not yet stale: its own purge is presumed still running, so the run asked nothing for it.
    expect(await storedObjectKeys(fresh.company.id)).toEqual([young]);
    expect(await rowCount("file_object_purges", fresh.company.id)).toBe(1);

    // Every later run asks again until it is gone; a run with nothing stale asks nothing.
    await runScheduled(now + 15 * MINUTE);
    await eventually(
      () => storedObjectKeys(fresh.company.id),
      (keys) => keys.length === 0,
    );
    await runScheduled(now + 30 * MINUTE);
    expect(await rowCount("file_object_purges", fresh.company.id)).toBe(0);
  });
});

describe("a backlog larger than one run", () => {
  it("is worked through longest waiting first, so every company's turn comes", async () => {
    const companies = [await attachmentFixture(), await attachmentFixture(), await attachmentFixture()];
    const now = Date.now();
    // Queued 40, 30 and 20 minutes ago; a run that may ask for two companies takes the two oldest.
    for (const [i, f] of companies.entries())
      await queuedForDeletion(f.company.id, new Date(now - (40 - 10 * i) * MINUTE));
    expect(await redriveObjectPurges(env, new Date(now), 2)).toBe(2);
    for (const f of companies.slice(0, 2))
      await eventually(
        () => rowCount("file_object_purges", f.company.id),
        (n) => n === 0,
      );
    expect(await rowCount("file_object_purges", must(companies[2]).company.id)).toBe(1);
    expect(await redriveObjectPurges(env, new Date(now), 2)).toBe(1);
  });
});
