// The Sandbox demo company's program (npm start): a small commercial auto book, configured and filled
// through the public API so every rule of the service applies to it, once per demo company.

const states = [
  { value: "NY", label: "New York" },
  { value: "NJ", label: "New Jersey" },
  { value: "PA", label: "Pennsylvania" },
];
const text = (entityType, referenceId, label, extra = {}) => ({
  entityType,
  referenceId,
  label,
  typeInfo: { kind: "String" },
  ...extra,
});
const select = (entityType, referenceId, label, optionSet) => ({
  entityType,
  referenceId,
  label,
  typeInfo: { kind: "Select", optionSet },
});
const number = (entityType, referenceId, label, kind = "Number") => ({
  entityType,
  referenceId,
  label,
  typeInfo: { kind },
});

/** Commercial auto: vehicles, claims, submissions, quotes and policies, a rating workflow and financials. */
export const DEMO_CONFIGURATION = {
  optionSets: [
    { key: "states", options: states },
    {
      key: "vehicleTypes",
      options: [
        { value: "tractor", label: "Tractor" },
        { value: "boxTruck", label: "Box truck" },
        { value: "van", label: "Cargo van" },
      ],
    },
    {
      key: "lossCauses",
      options: [
        { value: "collision", label: "Collision" },
        { value: "cargo", label: "Cargo damage" },
        { value: "theft", label: "Theft" },
      ],
    },
  ],
  fieldDefinitions: [
    text("person", "name", "Name"),
    text("person", "email", "Email"),
    text("organization", "name", "Name"),
    text("exposure", "vehicleName", "Vehicle", { required: true }),
    text("exposure", "vin", "VIN"),
    select("exposure", "vehicleType", "Vehicle type", "vehicleTypes"),
    number("exposure", "statedValue", "Stated value"),
    select("exposure", "garagingState", "Garaging state", "states"),
    select("event", "lossCause", "Cause of loss", "lossCauses"),
    text("event", "lossDescription", "What happened"),
    text("submission", "brokerName", "Broker"),
    text("quote", "insuredName", "Insured", { required: true }),
    select("quote", "state", "Rating state", "states"),
    number("quote", "limit", "Combined single limit", "Integer"),
    text("quote", "billTo", "Bill to (person or organization id)"),
    text("policy", "insuredName", "Insured"),
    select("policy", "state", "Rating state", "states"),
    number("policy", "limit", "Combined single limit", "Integer"),
  ],
  folderCategories: {
    policy: ["Underwriting", "Loss runs", "Certificates"],
    event: ["Photos", "Police reports", "Repair estimates"],
  },
  ratingWorkflows: [
    {
      name: "commercial-auto",
      stages: [
        {
          stageType: "table",
          raterSpec: {
            rows: [
              { match: { state: "NY" }, value: 1.2 },
              { match: { state: "NJ" }, value: 1.1 },
            ],
            default: 1,
          },
          inputs: { state: "state" },
          outputPath: "factors.state",
        },
        {
          stageType: "expression",
          raterSpec: { expression: "exposure.statedValue * 0.03" },
          callOncePerPath: true,
          outputPath: "vehicleBase",
        },
        {
          stageType: "pricing",
          callOncePerPath: true,
          raterSpec: {
            components: [
              {
                label: "Auto liability",
                group: "premium",
                kind: "Premium",
                value: "round(exposure.statedValue * 0.03 * rating.factors.state, 2)",
              },
            ],
          },
        },
        {
          stageType: "pricing",
          raterSpec: {
            components: [
              {
                label: "Premium tax",
                group: "taxes",
                kind: "Taxes",
                value: "round(sum(rating.vehicleBase) * rating.factors.state * 0.05, 2)",
              },
              {
                label: "Policy fee",
                group: "fees",
                kind: "Fees",
                value: "150",
                earningBasis: "fully-earned-at-inception",
              },
              {
                label: "Broker commission",
                group: "commission",
                kind: "BrokerCommission",
                value: "round(sum(rating.vehicleBase) * rating.factors.state * 0.1, 2)",
              },
            ],
          },
        },
      ],
      warnings: [
        { expression: "pricing.premium > 50000", message: "Premium over 50,000: refer to a senior underwriter" },
      ],
      preconditions: [{ expression: "state != null", message: "A rating state is needed" }],
      billingPreconditions: [{ expression: "billTo != null", message: "No bill-to party: invoices need one" }],
    },
  ],
  financials: {
    documentVersion: 2,
    categories: [
      { name: "Indemnity", kind: "reserved", expectedDirection: "payable" },
      { name: "Claim expense", kind: "reserved", expectedDirection: "payable" },
      { name: "Premium", kind: "operating", expectedDirection: "receivable" },
      { name: "Commission", kind: "operating", expectedDirection: "payable" },
    ],
    policyFinancials: {
      invoiceTypes: [
        {
          name: "Premium invoice",
          appliesTo: ["policy"],
          payeeDefaults: { expression: "billTo", allowedEntityTypes: ["person", "organization"] },
        },
        { name: "Claim invoice", appliesTo: ["event"] },
      ],
      lineItemTypes: [
        {
          name: "Gross premium",
          direction: "receivable",
          category: "Premium",
          pricingKind: "Premium",
          allowedOn: [{ invoiceType: "Premium invoice", label: "Auto liability premium" }],
        },
        {
          name: "Premium tax",
          direction: "receivable",
          category: "Premium",
          pricingKind: "Taxes",
          allowedOn: [{ invoiceType: "Premium invoice" }],
        },
        {
          name: "Policy fee",
          direction: "receivable",
          category: "Premium",
          pricingKind: "Fees",
          allowedOn: [{ invoiceType: "Premium invoice" }],
        },
        {
          name: "Broker commission",
          direction: "payable",
          category: "Commission",
          pricingKind: "BrokerCommission",
          allowedOn: [{ invoiceType: "Premium invoice" }],
        },
        {
          name: "Indemnity payment",
          direction: "payable",
          category: "Indemnity",
          allowedOn: [{ invoiceType: "Claim invoice" }],
        },
        {
          name: "Adjuster fee",
          direction: "payable",
          category: "Claim expense",
          allowedOn: [{ invoiceType: "Claim invoice" }],
        },
      ],
      paymentDefaults: {
        paymentPeriod: "quarterly",
        firstDueDate: { anchor: "effective-date", daysAfter: 30 },
        avoidWeekendSends: true,
      },
    },
  },
};

const day = (date) => ({ date, timezone: "America/New_York" });
const VEHICLES = [
  {
    vehicleName: "2022 Freightliner Cascadia",
    vin: "3AKJHHDR1NSNA0001",
    vehicleType: "tractor",
    statedValue: 120000,
    garagingState: "NY",
  },
  {
    vehicleName: "2021 Isuzu NPR box truck",
    vin: "JALC4W160M7000002",
    vehicleType: "boxTruck",
    statedValue: 60000,
    garagingState: "NY",
  },
  {
    vehicleName: "2023 Ford Transit 250",
    vin: "1FTBR1Y80PKA00003",
    vehicleType: "van",
    statedValue: 48000,
    garagingState: "NJ",
  },
];

/**
 * Fills the demo company: the program above, an insured and a broker, three vehicles, an open claim with
 * an indemnity reserve, a submission with a rated quote, a bound policy (quarterly premium invoices
 * generated at bind) with an endorsement, and the first installment paid. `call(method, path, body)`
 * answers `{status, json}` and throws on an unexpected status.
 */
export async function seedDemoProgram(call) {
  await call("POST", "/configuration/import", DEMO_CONFIGURATION, 200);
  const insured = (
    await call("POST", "/entities/person", { name: "Acme Haulage LLC", email: "ops@acme-haulage.example" }, 201)
  ).id;
  await call("POST", "/entities/organization", { name: "Northside Brokers" }, 201);
  for (const vehicle of VEHICLES) await call("POST", "/entities/exposure", vehicle, 201);

  const claim = (
    await call(
      "POST",
      "/entities/event",
      { lossCause: "collision", lossDescription: "Rear-ended at a toll plaza on I-87" },
      201,
    )
  ).id;
  const finance = await call("GET", "/financials/configuration", undefined, 200);
  const categoryId = (name) => finance.categories.find((c) => c.name === name).categoryId;
  await call(
    "PUT",
    `/financials/events/${claim}/reserves/${categoryId("Indemnity")}`,
    { expectedTotalCents: 1250000 },
    200,
  );

  const submission = (await call("POST", "/entities/submission", { brokerName: "Northside Brokers" }, 201)).id;
  const quoteBody = {
    submissionId: submission,
    insuredName: "Acme Haulage LLC",
    state: "NY",
    limit: 1000000,
    billTo: insured,
    policyStartDate: day("2027-01-01"),
    policyEndDate: day("2028-01-01"),
    exposures: VEHICLES,
  };
  const quote = (await call("POST", "/entities/quote", quoteBody, 201)).id;
  const rating = await call("POST", `/quotes/${quote}/rate`, { ratingWorkflowName: "commercial-auto" }, 200);
  const { fullTermPricingInfo, fullTermPolicyRatingResult } = rating;
  await call("PATCH", `/entities/quote/${quote}`, { fullTermPricingInfo, fullTermPolicyRatingResult }, 200);
  const bound = await call("POST", "/quotes/bind", { quoteId: quote, generateInvoices: true }, 200);
  const policyId = bound.policy.policyId;
  const endorsement = {
    transactionTimestamp: new Date().toISOString(),
    displayAuthor: "Demo underwriter",
    effectiveDate: day("2027-04-01"),
    deltas: [{ path: "policy.limit", value: 2000000 }],
  };
  await call("POST", `/policies/${policyId}/transaction/endorse`, endorsement, 200);
  const [first] = bound.policy.invoicePlanResult.created;
  const invoice = await call("GET", `/financials/invoices/${first}`, undefined, 200);
  await call(
    "POST",
    `/financials/invoices/${first}/payments`,
    { amountCents: invoice.totalCents, reference: "ACH 0001" },
    201,
  );

  // A second submission with a rated quote, left for the reader to bind (README).
  const open = (await call("POST", "/entities/submission", { brokerName: "Northside Brokers" }, 201)).id;
  const openQuote = (
    await call(
      "POST",
      "/entities/quote",
      { ...quoteBody, submissionId: open, state: "NJ", exposures: VEHICLES.slice(2) },
      201,
    )
  ).id;
  await call("POST", `/quotes/${openQuote}/rate`, { ratingWorkflowName: "commercial-auto" }, 200);
  return { policyId, claimId: claim, quoteId: openQuote };
}
