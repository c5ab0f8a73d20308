import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withNewest } from "../../../worker/lib/with-newest";

describe("a bounded map of the newest entries", () => {
  it("puts the key last, drops the oldest past the limit, and leaves the map it was given alone", () => {
    const start = new Map([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ]);
    expect([...withNewest(start, "a", 9, 3)]).toEqual([
      ["b", 2],
      ["c", 3],
      ["a", 9],
    ]);
    expect([...withNewest(start, "d", 4, 2)]).toEqual([
      ["c", 3],
      ["d", 4],
    ]);
    expect([...withNewest(undefined, "x", 1, 2)]).toEqual([["x", 1]]);
    expect([...start.keys()]).toEqual(["a", "b", "c"]);
  });

  it("holds the last `limit` distinct keys written, newest last, each with its last value", () => {
    const writes = fc.array(fc.tuple(fc.constantFrom("a", "b", "c", "d", "e", "f"), fc.integer()), { maxLength: 40 });
    fc.assert(
      fc.property(writes, fc.integer({ min: 1, max: 5 }), (steps, limit) => {
        let map: Map<string, number> | undefined;
        for (const [key, value] of steps) map = withNewest(map, key, value, limit);
        // The model: each key's last write, ordered by when it was last written, keeping the newest `limit`.
        const last = new Map<string, { value: number; at: number }>();
        steps.forEach(([key, value], at) => {
          last.set(key, { value, at });
        });
        const model = [...last]
          .sort((x, y) => x[1].at - y[1].at)
          .slice(-limit)
          .map(([key, { value }]) => [key, value]);
        expect([...(map ?? new Map())]).toEqual(model);
      }),
    );
  });
});
