import { describe, expect, it } from "vitest";
import type { SubField } from "../../../worker/domain/configuration/document";
import { type BindRuleInput, evaluateBindRules } from "../../../worker/domain/quotes/bind-rules";
import { policyDataFromQuote } from "../../../worker/domain/quotes/policy-data";

const field = (referenceId: string, extra: Partial<SubField> = {}): SubField => ({
  referenceId,
  label: referenceId,
  description: null,
  typeInfo: { kind: "String" },
  required: false,
  readOnly: false,
  writePermission: null,
  computedDefault: null,
  generatedAt: null,
  ...extra,
});

const day = (date: string) => ({ date, timezone: "America/New_York" });
const input = (over: Partial<BindRuleInput> = {}): BindRuleInput => ({
  mode: "bind",
  status: "inProgress",
  quoteType: "newBusiness",
  values: {
    name: "A",
    policyStartDate: day("2030-01-01"),
    policyEndDate: day("2031-01-01"),
    fullTermPricingInfo: { pricingComponents: [] },
    exposures: [{ exposureName: "E" }],
  },
  submissionStatus: "quoted",
  quoteFields: [field("name", { required: true }), field("seq", { required: true, typeInfo: { kind: "Sequence" } })],
  exposureFields: [field("exposureName", { required: true })],
  recordedWorkflowName: null,
  workflows: [],
  policyDataProblems: [],
  policyInvoicingFailure: null,
  now: new Date("2030-06-01T00:00:00Z"),
  ...over,
});

describe("bind rules (CONTRACT 5.6)", () => {
  it("pass for a complete quote; generated fields are not required of the caller", () => {
    expect(evaluateBindRules(input())).toEqual({ failures: [], advisories: [] });
  });

  it("report every failure in the table's order", () => {
    const values = { exposures: [{}], policyStartDate: day("2030-01-01"), policyEndDate: day("2030-01-01") };
    const { failures } = evaluateBindRules(
      input({
        status: "bound",
        quoteType: "renewal",
        submissionStatus: "declined",
        values,
        recordedWorkflowName: "gone",
        policyDataProblems: [{ message: "limit is required", userMessage: "Limit is required." }],
        policyInvoicingFailure: { message: "configured", userMessage: "Configured." },
      }),
    );
    expect(failures.map((f) => f.rule)).toEqual([
      "quote-status",
      "quote-type",
      "submission-status",
      "required-fields",
      "policy-term",
      "rating-present",
      "rating-workflow",
      "policy-data",
      "policy-invoicing",
    ]);
    expect(failures.find((f) => f.rule === "required-fields")).toMatchObject({
      message: "Required fields are empty: name, exposures[0].exposureName",
      userMessage: "Required fields are empty: name, exposureName (exposure 1).",
    });
  });

  it("evaluate preconditions on the rating record with rating {}; clock reads wait for the bind", () => {
    const workflows = [
      {
        name: "w",
        stages: [],
        warnings: [],
        preconditions: [
          { expression: "rating.x == null && name == 'A'", message: "holds" },
          { expression: "dateOf(today()) < '2000-01-01'", message: "clock" },
        ],
        billingPreconditions: [{ expression: "false", message: "bill later" }],
      },
    ];
    const conditions = evaluateBindRules(input({ mode: "conditions", recordedWorkflowName: "w", workflows }));
    expect(conditions.failures).toEqual([
      {
        rule: "precondition",
        message: "clock (reads the clock: evaluated when binding, not ahead of time)",
        userMessage: "Clock (checked when binding, not ahead of time).",
      },
    ]);
    expect(conditions.advisories).toEqual([
      { rule: "billing-precondition", message: "bill later", checkScope: "endorsement-billing" },
    ]);
    expect(evaluateBindRules(input({ recordedWorkflowName: "w", workflows })).failures).toEqual([
      { rule: "precondition", message: "clock", userMessage: "Clock." },
    ]);
  });

  it("complete skips policy-data; a missing term is not reported twice", () => {
    expect(evaluateBindRules(input({ mode: "complete", policyDataProblems: null })).failures).toEqual([]);
    const values = { ...input().values, policyStartDate: null };
    const problem = { message: "policyStartDate is required", userMessage: "Policy start date is required." };
    const { failures } = evaluateBindRules(input({ values, policyDataProblems: [problem] }));
    expect(failures).toEqual([
      { rule: "policy-term", message: "policyStartDate is missing", userMessage: "The policy start date is missing." },
    ]);
  });
});

describe("the new business a bind sends (CONTRACT 5.6 step 1)", () => {
  it("copies the term, pricing, exposures and values of writable configured policy fields", () => {
    const values = {
      limit: 5,
      state: "NY",
      ref: "R-1",
      policyStartDate: day("2030-01-01"),
      policyEndDate: day("2031-01-01"),
      fullTermPricingInfo: null,
      fullTermPolicyRatingResult: null,
    };
    const policyFields = [field("limit"), field("ref", { typeInfo: { kind: "Sequence" } }), field("note")];
    expect(policyDataFromQuote(values, policyFields, { policyNumber: "P-9" })).toEqual({
      limit: 5,
      policyStartDate: day("2030-01-01"),
      policyEndDate: day("2031-01-01"),
      fullTermPricingInfo: null,
      exposures: [],
      policyNumber: "P-9",
    });
    expect(policyDataFromQuote(values, policyFields, null).policyNumber).toBeUndefined();
  });
});
