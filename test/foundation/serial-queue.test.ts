import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SerialQueue } from "../../durable/serial-queue";
import { must } from "../support/must";

/** A read-compute-write on real D1 with awaits in between: exactly what the company object must serialize. */
async function incrementThroughD1(name: string) {
  const row = await env.DB.prepare("SELECT value FROM sequences WHERE company_id = 'c' AND name = ?")
    .bind(name)
    .first<{ value: number }>();
  await new Promise((r) => setTimeout(r, 1));
  await env.DB.prepare(
    "INSERT INTO sequences (company_id, name, value) VALUES ('c', ?1, ?2) ON CONFLICT (company_id, name) DO UPDATE SET value = ?2",
  )
    .bind(name, (row?.value ?? 0) + 1)
    .run();
}

describe("the company object's operation queue", () => {
  it("runs read-compute-write operations one at a time across D1 awaits", async () => {
    const queue = new SerialQueue();
    await Promise.all(Array.from({ length: 25 }, () => queue.run(() => incrementThroughD1("serialized"))));
    const row = await env.DB.prepare("SELECT value FROM sequences WHERE name = 'serialized'").first<{
      value: number;
    }>();
    expect(must(row).value).toBe(25);
  });

  it("loses updates without it (the hazard the queue exists for)", async () => {
    await Promise.all(Array.from({ length: 25 }, () => incrementThroughD1("unserialized")));
    const row = await env.DB.prepare("SELECT value FROM sequences WHERE name = 'unserialized'").first<{
      value: number;
    }>();
    expect(must(row).value).toBeLessThan(25);
  });

  it("keeps going after a failed operation", async () => {
    const queue = new SerialQueue();
    const failed = queue.run(async () => {
      throw new Error("refused");
    });
    await expect(failed).rejects.toThrow("refused");
    await expect(queue.run(async () => "next")).resolves.toBe("next");
  });
});
