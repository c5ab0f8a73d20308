import { describe, expect, it } from "vitest";
import { setUpPolicies, stored, newBusinessBody } from "./helpers";

describe("smoke", () => {
  it("works", async () => {
    const f = await setUpPolicies();
    const v1 = await f.newBusiness();
    let e = await f.endorse(v1.policyId, "2026-06-01", [{ path: "policy.limit.x", value: 5 }]);
    console.log("deeper", e.status, JSON.stringify(e.json?.segments?.[1]?.data?.limit ?? e.json));
    e = await f.endorse(v1.policyId, "2026-06-01", [{ path: "policy.exposures", value: "garbage" }]);
    console.log("exposures", e.status, JSON.stringify(e.json?.segments?.[1]?.data?.exposures ?? e.json));
    e = await f.endorse(v1.policyId, "2026-06-01", [{ path: "policy.exposures.0.exposureName", value: 7 }]);
    console.log("exposures deeper", e.status, JSON.stringify(e.json?.segments?.[1]?.data?.exposures ?? e.json));
    const n = await f.company.call("POST", "/policies/transaction/new-business", f.admin, { body: newBusinessBody({ policyNumber: "POL-000002" }) });
    console.log("sent", n.status, n.json.policyNumber);
    const m = await f.company.call("POST", "/policies/transaction/new-business", f.admin, { body: newBusinessBody() });
    console.log("minted", m.status, JSON.stringify(m.json.policyNumber ?? m.json));
    const c = await f.cancel(n.json.policyId, "2026-01-01");
    console.log("flat cancel", c.status, c.json.startDate, c.json.endDate, JSON.stringify(c.json.segments));
    const l = await f.company.call("GET", `/policies/list?activeOn=${encodeURIComponent(JSON.stringify({year:2026,month:3,day:1}))}`, f.admin);
    console.log("list", l.status, l.json.totalCount, JSON.stringify(l.json.items[0]));
  });
});
