import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";
import { must } from "../support/must";
import {
  cancelBody,
  date,
  endorseBody,
  newBusinessBody,
  type PolicyFixture,
  reinstateBody,
  setUpPolicies,
  TERM_END,
  TERM_START,
} from "./helpers";

/**
 * Issue 9's transaction-rule reproductions, through HTTP (CONTRACT section 4, "Transaction rules"):
 * renewal guards, booking-time bounds, future cancellations, and the smaller findings (cancelling on the
 * expiry date, exposure ids and the primary insured, time zones, `expired`, negative rollups).
 */

const renewBody = (previousPolicy: string, data: Record<string, unknown> = {}) =>
  newBusinessBody({
    previousPolicy,
    policyStartDate: date(TERM_END),
    policyEndDate: date("2028-01-01"),
    ...data,
  });
const renew = (f: PolicyFixture, body: object) =>
  f.company.call("POST", "/policies/transaction/renew", f.admin, { body });

describe("3. renewal guards", () => {
  it("a policy renews once: a second live renewal is 409 PolicyAlreadyRenewed, and nothing is written", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const first = await renew(f, renewBody(policyId));
    expect(first.status, first.text).toBe(200);
    const again = expectError(
      await renew(f, renewBody(policyId)),
      409,
      "PolicyAlreadyRenewed",
      `The policy is already renewed by policy ${first.json.policyNumber} (${first.json.policyId})`,
    );
    expect(again.details).toEqual([{ field: "previousPolicy", message: again.message }]);
    const renewals = await f.company.call("GET", `/policies/list?previousPolicy=${policyId}`, f.admin);
    expect(renewals.json.totalCount).toBe(1);
  });

  it("a renewal cancelled flat never took effect: the policy may be renewed again", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const first = await renew(f, renewBody(policyId));
    expect((await f.cancel(first.json.policyId, TERM_END)).status).toBe(200);
    expect((await renew(f, renewBody(policyId))).status).toBe(200);
  });

  it("a flat-cancelled policy cannot be renewed (409); a mid-term cancellation does not stop a renewal", async () => {
    const f = await setUpPolicies();
    const flat = await f.newBusiness();
    expect((await f.cancel(flat.policyId, TERM_START)).status).toBe(200);
    const error = expectError(await renew(f, renewBody(flat.policyId)), 409, "InvalidPolicyTransition");
    expect(error.details).toEqual([
      {
        field: "previousPolicy",
        message: "The policy being renewed was cancelled flat: it never took effect, so there is nothing to renew",
      },
    ]);
    const midTerm = await f.newBusiness();
    expect((await f.cancel(midTerm.policyId, "2026-06-01")).status).toBe(200);
    expect((await renew(f, renewBody(midTerm.policyId))).status).toBe(200);
  });

  it("the renewal term starts on the previous term's end: overlaps and gaps are 400 naming policyStartDate", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const problem = "must be the renewed policy's term end 2027-01-01, so the terms follow on without a gap or overlap";
    for (const start of ["2026-12-01", "2027-02-01"]) {
      const error = expectError(
        await renew(f, renewBody(policyId, { policyStartDate: date(start) })),
        400,
        "InvalidPolicyData",
      );
      expect(error.details).toEqual([{ field: "policyStartDate", message: problem }]);
    }
  });

  it("cancelling a policy does not cancel its renewal; the renewal names the previous policy's status", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const renewal = await renew(f, renewBody(policyId));
    expect(renewal.json.previousPolicyStatus).toBe(
      new Date().toISOString().slice(0, 10) < TERM_END ? "active" : "expired",
    );
    expect((await f.cancel(policyId, "2026-02-01")).status).toBe(200);
    const read = await f.company.call("GET", `/policies/${renewal.json.policyId}`, f.admin);
    expect(read.json).toMatchObject({ status: "active", previousPolicy: policyId, previousPolicyStatus: "cancelled" });
    const version = await f.company.call(
      "GET",
      `/policies/${renewal.json.policyId}/versions/1?detail=summary`,
      f.admin,
    );
    expect(version.json.previousPolicyStatus).toBe("cancelled");
    // List reads name it too: the policy list, the company's versions and the renewal's own versions.
    const statusIn = (items: Array<{ policyId: string; summary: Record<string, unknown> }>, id: string) =>
      items.find((item) => item.policyId === id)?.summary;
    const lists = [
      await f.company.call("GET", `/policies/list?previousPolicy=${policyId}`, f.admin),
      await f.company.call("GET", "/policies/versions", f.admin),
      await f.company.call("GET", `/policies/${renewal.json.policyId}/versions`, f.admin),
    ];
    for (const list of lists) {
      expect(statusIn(list.json.items, renewal.json.policyId), list.text).toMatchObject({
        previousPolicy: policyId,
        previousPolicyStatus: "cancelled",
      });
      // A policy that renews none carries no such member.
      const original = statusIn(list.json.items, policyId);
      if (original) expect(original).not.toHaveProperty("previousPolicyStatus");
    }
  });

  it("a renewal cancelled flat comes back only beside no other live renewal (409 PolicyAlreadyRenewed)", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const first = (await renew(f, renewBody(policyId))).json;
    expect((await f.cancel(first.policyId, TERM_END)).status).toBe(200);
    const second = (await renew(f, renewBody(policyId))).json;
    const error = expectError(await f.reinstate(first.policyId), 409, "PolicyAlreadyRenewed");
    expect(error.message).toBe(
      `The policy is already renewed by policy ${second.policyNumber} (${second.policyId}): ` +
        "this renewal cannot come back into force beside it",
    );
    const unchanged = await f.company.call("GET", `/policies/${first.policyId}`, f.admin);
    expect(unchanged.json).toMatchObject({ version: 2 });
    // Once the newer renewal is cancelled flat in turn, the first may come back.
    expect((await f.cancel(second.policyId, TERM_END)).status).toBe(200);
    const back = await f.reinstate(first.policyId);
    expect(back.status, back.text).toBe(200);
  });

  it("a renewal cancelled flat does not come back after the renewed term's end moved (409, nothing written)", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const renewal = (await renew(f, renewBody(policyId))).json;
    expect((await f.cancel(renewal.policyId, TERM_END)).status).toBe(200);
    const moved = await f.endorse(policyId, "2026-06-01", [
      { path: "policy.policyEndDate", value: date("2027-03-01") },
    ]);
    expect(moved.status, moved.text).toBe(200);
    const error = expectError(await f.reinstate(renewal.policyId), 409, "InvalidPolicyTransition");
    expect(error.details).toEqual([
      {
        field: "policyId",
        message:
          "The renewed policy's term now ends on 2027-03-01, not on this renewal's start 2027-01-01: " +
          "reinstating it would leave a gap or an overlap between the terms",
      },
    ]);
    const unchanged = await f.company.call("GET", `/policies/${renewal.policyId}`, f.admin);
    expect(unchanged.json).toMatchObject({ version: 2 });
  });

  it("a policy with a live renewal keeps its term end: moving it is 409 PolicyAlreadyRenewed", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const renewal = (await renew(f, renewBody(policyId))).json;
    for (const end of ["2027-03-01", "2026-11-01"]) {
      const error = expectError(
        await f.endorse(policyId, "2026-06-01", [{ path: "policy.policyEndDate", value: date(end) }]),
        409,
        "PolicyAlreadyRenewed",
      );
      expect(error.message).toBe(
        `The policy is already renewed by policy ${renewal.policyNumber} (${renewal.policyId}): ` +
          "its term end cannot move while the renewal starts on it",
      );
    }
    const read = await f.company.call("GET", `/policies/${policyId}`, f.admin);
    expect(read.json).toMatchObject({ version: 1 });
    // Other endorsements go on, and resending the same end moves nothing.
    const same = await f.endorse(policyId, "2026-06-01", [
      { path: "policy.limit", value: 2_000_000 },
      { path: "policy.policyEndDate", value: date(TERM_END) },
    ]);
    expect(same.status, same.text).toBe(200);
    // With the renewal cancelled flat, nothing starts on the end any more.
    expect((await f.cancel(renewal.policyId, TERM_END)).status).toBe(200);
    const moved = await f.endorse(policyId, "2026-06-01", [
      { path: "policy.policyEndDate", value: date("2027-03-01") },
    ]);
    expect(moved.status, moved.text).toBe(200);
  });
});

describe("4. transactionTimestamp is the booking time, within bounds", () => {
  it("refuses an endorsement stamped before the policy was written and a cancellation stamped 2099", async () => {
    const f = await setUpPolicies();
    const { policyId, transactionTimestamp } = await f.newBusiness();
    const early = new Date(Date.parse(transactionTimestamp) - 1000).toISOString();
    const before = expectError(
      await f.company.call("POST", `/policies/${policyId}/transaction/endorse`, f.admin, {
        body: { ...endorseBody("2026-03-01", [{ path: "policy.limit", value: 2 }]), transactionTimestamp: early },
      }),
      400,
      "InvalidPolicyData",
    );
    expect(before.details).toEqual([
      {
        field: "transactionTimestamp",
        message: `must not be earlier than the policy's own new-business or renewal transaction (${transactionTimestamp})`,
      },
    ]);
    const future = expectError(
      await f.company.call("POST", `/policies/${policyId}/transaction/cancel`, f.admin, {
        body: { ...cancelBody("2026-03-01"), transactionTimestamp: "2099-01-01T00:00:00Z" },
      }),
      400,
      "InvalidPolicyData",
    );
    expect(must(future.details[0]).field).toBe("transactionTimestamp");
    expect(must(future.details[0]).message).toMatch(/^must not be more than 5 minutes in the future/);
    // Nothing was written: the policy is still at version 1.
    expect((await f.company.call("GET", `/policies/${policyId}`, f.admin)).json.version).toBe(1);
  });

  it("accepts a stamp a few minutes ahead, and concurrent stamps in any order after the policy's own", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const soon = new Date(Date.now() + 4 * 60_000).toISOString();
    const ahead = await f.company.call("POST", `/policies/${policyId}/transaction/endorse`, f.admin, {
      body: { ...endorseBody("2026-03-01", [{ path: "policy.limit", value: 2 }]), transactionTimestamp: soon },
    });
    expect(ahead.status, ahead.text).toBe(200);
    // Issued after, stamped before the previous one: still after new business, so accepted.
    const behind = await f.company.call("POST", `/policies/${policyId}/transaction/endorse`, f.admin, {
      body: endorseBody("2026-04-01", [{ path: "policy.limit", value: 3 }]),
    });
    expect(behind.status, behind.text).toBe(200);
    const far = newBusinessBody({}, { transactionTimestamp: "2099-01-01T00:00:00Z" });
    expectError(
      await f.company.call("POST", "/policies/transaction/new-business", f.admin, { body: far }),
      400,
      "InvalidPolicyData",
    );
  });
});

describe("6. a cancellation effective in the future is pending until its date", () => {
  const FUTURE = { policyStartDate: date("2090-01-01"), policyEndDate: date("2091-01-01") };

  it("the policy stays active with the pending cancellation shown, and takes endorsements effective before it", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness(FUTURE);
    const cancelled = await f.cancel(policyId, "2090-07-01");
    expect(cancelled.json).toMatchObject({
      status: "active",
      pendingCancellation: { effectiveDate: "2090-07-01" },
      endDate: "2090-07-01",
    });
    const endorsed = await f.endorse(policyId, "2090-03-01", [{ path: "policy.limit", value: 7 }]);
    expect(endorsed.status, endorsed.text).toBe(200);
    expect(endorsed.json).toMatchObject({ status: "active", pendingCancellation: { effectiveDate: "2090-07-01" } });
    expect(endorsed.json.segments.map((s: any) => [s.startDate, s.endDate, s.data.limit])).toEqual([
      ["2090-01-01", "2090-03-01", 1_000_000],
      ["2090-03-01", "2090-07-01", 7],
    ]);
    const after = expectError(
      await f.endorse(policyId, "2090-08-01", [{ path: "policy.limit", value: 8 }]),
      400,
      "InvalidPolicyData",
    );
    expect(must(after.details[0]).field).toBe("effectiveDate");
    expectError(await f.cancel(policyId, "2090-05-01"), 409, "InvalidPolicyTransition");
    const listed = await f.company.call("GET", "/policies/list?status=active", f.admin);
    expect(listed.json.items.map((i: any) => i.policyId)).toContain(policyId);
    // Reinstating lifts it; the endorsement carries on to the term end.
    const reinstated = await f.reinstate(policyId);
    expect(reinstated.json).toMatchObject({ status: "active", pendingCancellation: null, endDate: "2091-01-01" });
    expect(reinstated.json.segments.at(-1)).toMatchObject({ endDate: "2091-01-01", data: { limit: 7 } });
  });
});

describe("9. smaller transaction rules", () => {
  it("a cancellation on the expiry date is refused: coverage has ended, nothing is left to cancel", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness();
    const error = expectError(await f.cancel(policyId, TERM_END), 400, "InvalidPolicyData");
    expect(error.details).toEqual([
      {
        field: "effectiveDate",
        message: `${TERM_END} is not before the end of coverage ${TERM_END}: nothing is left to cancel`,
      },
    ]);
  });

  it("embedded exposures may carry the company's exposure id: primaryInsuredId, kept when the list is reordered", async () => {
    const f = await setUpPolicies();
    const exposure = async (exposureName: string) => {
      const res = await f.company.call("POST", "/entities/exposure", f.admin, { body: { exposureName } });
      expect(res.status, res.text).toBe(201);
      return res.json.id as string;
    };
    const [main, annex] = [await exposure("Main street"), await exposure("Annex")];
    const created = await f.newBusiness({
      exposures: [
        { id: main, exposureName: "Main street" },
        { id: annex, exposureName: "Annex" },
      ],
    });
    expect(created).toMatchObject({ primaryInsuredId: main, primaryInsuredName: "Main street" });
    expect(created.segments[0].data.exposures[0]).toEqual({ id: main, exposureName: "Main street" });

    const reordered = await f.endorse(created.policyId, "2026-03-01", [
      {
        path: "policy.exposures",
        value: [
          { id: annex, exposureName: "Annex" },
          { id: main, exposureName: "Main street" },
        ],
      },
    ]);
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.json).toMatchObject({ primaryInsuredId: main, primaryInsuredName: "Main street" });

    const unknown = crypto.randomUUID();
    const refused = expectError(
      await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
        body: newBusinessBody({ exposures: [{ id: unknown, exposureName: "Ghost" }] }),
      }),
      400,
      "InvalidPolicyData",
    );
    expect(refused.details).toEqual([{ field: "exposures[0].id", message: "names no exposure of this company" }]);
    const other = await createCompany();
    const theirs = await other.call("POST", "/entities/exposure", await other.key(["Admin"]), {
      body: {},
    });
    const foreignId = theirs.status === 201 ? theirs.json.id : crypto.randomUUID();
    const foreign = expectError(
      await f.endorse(created.policyId, "2026-04-01", [
        { path: "policy.exposures", value: [{ id: foreignId, exposureName: "Elsewhere" }] },
      ]),
      400,
      "InvalidDelta",
    );
    expect(foreign.details).toEqual([
      { field: "policy.exposures[0].id", message: "names no exposure of this company" },
    ]);
  });

  it("term dates share one time zone; endorse and cancel dates take it, and another zone is refused", async () => {
    const f = await setUpPolicies();
    const twoZones = expectError(
      await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
        body: newBusinessBody({
          policyStartDate: date(TERM_START, "America/Chicago"),
          policyEndDate: date(TERM_END, "Europe/London"),
        }),
      }),
      400,
      "InvalidPolicyData",
    );
    expect(twoZones.details).toEqual([
      {
        field: "policyEndDate",
        message: "must be in the time zone of policyStartDate (America/Chicago), not Europe/London",
      },
    ]);
    const { policyId } = await f.newBusiness({
      policyStartDate: date(TERM_START, "America/Chicago"),
      policyEndDate: date(TERM_END, "America/Chicago"),
    });
    const london = { date: "2026-03-01", timezone: "Europe/London" };
    const endorse = expectError(
      await f.company.call("POST", `/policies/${policyId}/transaction/endorse`, f.admin, {
        body: { ...endorseBody("2026-03-01", [{ path: "policy.limit", value: 2 }]), effectiveDate: london },
      }),
      400,
      "InvalidPolicyData",
    );
    expect(endorse.details).toEqual([
      {
        field: "effectiveDate",
        message: "must be in the policy's time zone America/Chicago (or carry none), not Europe/London",
      },
    ]);
    const noZone = await f.company.call("POST", `/policies/${policyId}/transaction/cancel`, f.admin, {
      body: { ...cancelBody("2026-03-01"), effectiveDate: { date: "2026-03-01" } },
    });
    expect(noZone.status, noZone.text).toBe(200);
    const chicago = await f.company.call("POST", `/policies/${policyId}/transaction/reinstate`, f.admin, {
      body: reinstateBody(),
    });
    expect(chicago.status).toBe(200);
  });

  it("a policy whose term has ended reads expired as of today, in reads and lists", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness({
      policyStartDate: date("2019-01-01"),
      policyEndDate: date("2020-01-01"),
    });
    expect((await f.company.call("GET", `/policies/${policyId}`, f.admin)).json.status).toBe("expired");
    const listed = await f.company.call("GET", "/policies/list?status=expired", f.admin);
    expect(listed.json.items.map((i: any) => [i.policyId, i.summary.status])).toEqual([[policyId, "expired"]]);
    expect((await f.company.call("GET", "/policies/list?status=active", f.admin)).json.items).toEqual([]);
  });

  it("negative rollups are refused: 400 on new business, 400 InvalidDelta on an endorsement", async () => {
    const f = await setUpPolicies();
    const negative = {
      pricingComponents: [
        { label: "Base", group: "p", kind: "Premium", value: 100 },
        { label: "Credit", group: "p", kind: "Premium", value: -150 },
      ],
    };
    const refused = expectError(
      await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
        body: newBusinessBody({ fullTermPricingInfo: negative }),
      }),
      400,
      "InvalidPolicyData",
    );
    expect(refused.details).toEqual([
      { field: "fullTermPricingInfo.premium", message: "must not be negative: the components of its kind sum to -50" },
    ]);
    const { policyId } = await f.newBusiness();
    const endorse = expectError(
      await f.endorse(policyId, "2026-03-01", [{ path: "policy.fullTermPricingInfo", value: negative }]),
      400,
      "InvalidDelta",
    );
    expect(endorse.details).toEqual([
      {
        field: "policy.fullTermPricingInfo.premium",
        message: "must not be negative: the components of its kind sum to -50",
      },
    ]);
  });
});
