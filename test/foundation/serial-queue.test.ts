import { env } from "cloudflare:workers";
import fc from "fast-check";
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

describe("shared turns of the company object's queue (record creates)", () => {
  it("overlap one another: a shared operation can wait on one queued after it", async () => {
    const queue = new SerialQueue();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Run one at a time, the first would wait forever for the second.
    const first = queue.runShared(async () => {
      await released;
      return "first";
    });
    const second = queue.runShared(async () => {
      release();
      return "second";
    });
    await expect(Promise.all([first, second])).resolves.toEqual(["first", "second"]);
  });

  it("never overlap an exclusive operation, in either direction, whatever the order and timing", async () => {
    const operation = fc.record({
      exclusive: fc.boolean(),
      delay: fc.integer({ min: 0, max: 3 }),
      fails: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        const queue = new SerialQueue();
        let clock = 0;
        const spans = operations.map(() => ({ start: -1, end: -1 }));
        const runs = operations.map((op, i) => {
          const body = async () => {
            spans[i] = { start: clock++, end: -1 };
            await new Promise((resolve) => setTimeout(resolve, op.delay));
            spans[i] = { start: spans[i]?.start ?? -1, end: clock++ };
            if (op.fails) throw new Error("refused");
          };
          return (op.exclusive ? queue.run(body) : queue.runShared(body)).catch(() => undefined);
        });
        await Promise.all(runs);
        operations.forEach((op, i) => {
          if (!op.exclusive) return;
          const own = must(spans[i]);
          spans.forEach((other, j) => {
            if (j < i) expect(other.end).toBeLessThan(own.start);
            if (j > i) expect(other.start).toBeGreaterThan(own.end);
          });
        });
      }),
      { numRuns: 60 },
    );
  });
});
