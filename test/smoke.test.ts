import { describe, expect, it } from "vitest";
import { call, createCompany } from "./support/harness";

describe("smoke", () => {
  it("health and lifecycle", async () => {
    expect((await call("GET", "/health")).status).toBe(200);
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("GET", "/lifecycle", key);
    expect(res.json).toEqual({ companyId: company.id, lifecycle: "sandbox" });
  });
});
