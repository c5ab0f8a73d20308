import { describe, expect, it } from "vitest";
import type { CompanyMemo } from "../../../worker/operations/configuration/configuration-of";
import { CommitGroup, forgetGroupReads, keptGroupReads } from "../../../worker/operations/policies/commit-group";

/** A read that counts how often it ran. */
function countedRead(answer: () => Promise<string>) {
  const read = {
    runs: 0,
    run: () => {
      read.runs += 1;
      return answer();
    },
  };
  return read;
}

describe("reads commit groups share, kept by the company object", () => {
  it("run once for every group until the object forgets them", async () => {
    const memo: CompanyMemo = {};
    const read = countedRead(async () => "company row");
    for (let group = 0; group < 3; group++) {
      await expect(new CommitGroup(keptGroupReads(memo)).shared("company", read.run)).resolves.toBe("company row");
    }
    expect(read.runs).toBe(1);
    forgetGroupReads(memo);
    await new CommitGroup(keptGroupReads(memo)).shared("company", read.run);
    expect(read.runs).toBe(2);
  });

  it("drop a read that failed, so the next group reads again", async () => {
    const memo: CompanyMemo = {};
    let fail = true;
    const read = countedRead(async () => {
      if (fail) throw new Error("D1 unavailable");
      return "invoices";
    });
    await expect(new CommitGroup(keptGroupReads(memo)).shared("invoices:p", read.run)).rejects.toThrow("D1");
    fail = false;
    await expect(new CommitGroup(keptGroupReads(memo)).shared("invoices:p", read.run)).resolves.toBe("invoices");
    expect(read.runs).toBe(2);
  });

  it("keep at most 1,000 reads: the next one past that starts them afresh", async () => {
    const memo: CompanyMemo = {};
    const group = new CommitGroup(keptGroupReads(memo));
    for (let i = 0; i < 1_000; i++) await group.shared(`invoices:${i}`, async () => i);
    expect(keptGroupReads(memo).size).toBe(1_000);
    await group.shared("invoices:new", async () => "new");
    expect([...keptGroupReads(memo).keys()]).toEqual(["invoices:new"]);
  });

  it("without the object's reads, a group keeps its own", async () => {
    const read = countedRead(async () => "company row");
    const group = new CommitGroup();
    await Promise.all([group.shared("company", read.run), group.shared("company", read.run)]);
    await new CommitGroup().shared("company", read.run);
    expect(read.runs).toBe(2);
  });
});
