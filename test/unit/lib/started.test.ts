import { describe, expect, it } from "vitest";
import { started } from "../../../worker/lib/started";

describe("a read started early", () => {
  it("gives its value where it is taken, and its failure only there", async () => {
    const value = started(Promise.resolve(7));
    const failure = started(Promise.reject(new Error("read failed")));
    // Nothing is thrown until the value is taken (an unhandled rejection would fail the run).
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await value()).toBe(7);
    await expect(failure()).rejects.toThrow("read failed");
    await expect(failure()).rejects.toThrow("read failed");
  });
});
