import { describe, expect, it } from "vitest";
import { call, createCompany, expectError } from "../support/harness";

/** An event page with nested cards, sections and conditions, and a quote page. */
const DOCUMENT = {
  fieldDefinitions: [
    { entityType: "event", referenceId: "lossDate", label: "Loss date", typeInfo: { kind: "Date" } },
    { entityType: "event", referenceId: "lossDescription", label: "What happened", typeInfo: { kind: "String" } },
    { entityType: "event", referenceId: "injured", label: "Anyone injured", typeInfo: { kind: "Boolean" } },
    { entityType: "event", referenceId: "injuryCount", label: "Injuries", typeInfo: { kind: "Integer" } },
    { entityType: "quote", referenceId: "coverageLimit", label: "Coverage limit", typeInfo: { kind: "Currency" } },
  ],
  cardDefinitions: [
    { key: "summary", pageKey: "claimOverview", entityType: "event", title: "Summary", order: 2 },
    {
      key: "details",
      pageKey: "claimOverview",
      entityType: "event",
      title: "Details",
      order: 1,
      renderingArguments: { columns: 2 },
    },
    {
      key: "injuries",
      pageKey: "claimOverview",
      entityType: "event",
      title: "Injuries",
      parentCardKey: "details",
      order: 5,
      displayCondition: "injured == true",
    },
    {
      key: "witnesses",
      pageKey: "claimOverview",
      entityType: "event",
      title: "Witnesses",
      parentCardKey: "details",
      order: 3,
    },
    { key: "quoteMain", pageKey: "quoteSummary", entityType: "quote", title: "Quote", order: 0 },
  ],
  cardSections: [
    { key: "when", cardKey: "details", title: "When", order: 2, displayCondition: "lossDate != null" },
    { key: "what", cardKey: "details", title: "What", order: 1 },
  ],
  fieldLocations: [
    {
      referenceId: "lossDate",
      cardKey: "details",
      sectionKey: "when",
      order: 1,
      requiredCondition: "eventStatus == 'open'",
    },
    {
      referenceId: "lossDescription",
      cardKey: "details",
      sectionKey: "what",
      order: 2,
      renderingArguments: { multiline: true },
    },
    { referenceId: "injured", cardKey: "details", sectionKey: "what", order: 1 },
    { referenceId: "eventName", cardKey: "details", order: 0 },
    { referenceId: "eventStatus", cardKey: "summary", order: 1 },
    { referenceId: "injuryCount", cardKey: "injuries", order: 0, displayCondition: "injured == true" },
    { referenceId: "coverageLimit", cardKey: "quoteMain", order: 0 },
  ],
};

async function configuredCompany() {
  const company = await createCompany();
  const imported = await company.call("POST", "/configuration/import", await company.key(["SUPER_ADMIN"]), {
    body: DOCUMENT,
  });
  expect(imported.status).toBe(200);
  return company;
}

describe("GET /pages/{pageKey}/layout: the page's card tree", () => {
  it("names the page's entity type and its top-level cards in order, nested cards under their parent", async () => {
    const company = await configuredCompany();
    const res = await company.call("GET", "/pages/claimOverview/layout", await company.key(["ReadOnly"]));
    expect(res.status).toBe(200);
    expect(res.json.pageKey).toBe("claimOverview");
    expect(res.json.entityType).toBe("event");
    expect(res.json.cards.map((c: any) => c.key)).toEqual(["details", "summary"]);
    const details = res.json.cards[0];
    expect(details.cards.map((c: any) => c.key)).toEqual(["witnesses", "injuries"]);
    expect(details.cards[1].cards).toEqual([]);
    expect(res.json.cards[1].cards).toEqual([]);
  });

  it("gives each card its title, order, rendering arguments and unevaluated display condition", async () => {
    const company = await configuredCompany();
    const { cards } = (await company.call("GET", "/pages/claimOverview/layout", await company.key(["ReadOnly"]))).json;
    expect(cards[0]).toMatchObject({
      key: "details",
      title: "Details",
      order: 1,
      renderingArguments: { columns: 2 },
      displayCondition: null,
    });
    expect(cards[0].cards[1]).toMatchObject({
      key: "injuries",
      title: "Injuries",
      order: 5,
      renderingArguments: {},
      displayCondition: "injured == true",
    });
  });

  it("puts placements in their sections, sorted, and the rest under the card's own fields", async () => {
    const company = await configuredCompany();
    const [details] = (await company.call("GET", "/pages/claimOverview/layout", await company.key(["ReadOnly"]))).json
      .cards;
    expect(details.sections.map((s: any) => [s.key, s.title, s.order, s.displayCondition])).toEqual([
      ["what", "What", 1, null],
      ["when", "When", 2, "lossDate != null"],
    ]);
    expect(details.sections[0].fields.map((f: any) => f.referenceId)).toEqual(["injured", "lossDescription"]);
    expect(details.fields.map((f: any) => f.referenceId)).toEqual(["eventName"]);
  });

  it("describes each placement with the field's label and type and its conditions unevaluated", async () => {
    const company = await configuredCompany();
    const [details, summary] = (
      await company.call("GET", "/pages/claimOverview/layout", await company.key(["ReadOnly"]))
    ).json.cards;
    expect(details.sections[1].fields).toEqual([
      {
        referenceId: "lossDate",
        label: "Loss date",
        fieldType: "Date",
        order: 1,
        renderingArguments: {},
        displayCondition: null,
        requiredCondition: "eventStatus == 'open'",
      },
    ]);
    expect(details.sections[0].fields[1]).toMatchObject({
      referenceId: "lossDescription",
      label: "What happened",
      fieldType: "String",
      renderingArguments: { multiline: true },
    });
    expect(details.cards[1].fields[0]).toMatchObject({
      referenceId: "injuryCount",
      fieldType: "Integer",
      displayCondition: "injured == true",
      requiredCondition: null,
    });
    // Platform fields placed on a page read with the platform's label and type.
    expect(summary.fields[0]).toMatchObject({ referenceId: "eventStatus", label: "Event status", fieldType: "Select" });
  });

  it("answers 404 NotFoundError for an unknown page", async () => {
    const company = await configuredCompany();
    expectError(
      await company.call("GET", "/pages/nowhere/layout", await company.key(["ReadOnly"])),
      404,
      "NotFoundError",
      "Not found",
    );
    const fresh = await createCompany();
    expectError(
      await fresh.call("GET", "/pages/claimOverview/layout", await fresh.key(["Admin"])),
      404,
      "NotFoundError",
      "Not found",
    );
  });
});

describe("page layout needs the page entity's view permission", () => {
  it("an event page answers 200 to a key holding only event.view", async () => {
    const company = await configuredCompany();
    expect(
      (await company.call("GET", "/pages/claimOverview/layout", await company.key([], ["event.view"]))).status,
    ).toBe(200);
    expect(
      (await company.call("GET", "/pages/claimOverview/layout", await company.key([], ["company.claim:read"]))).status,
    ).toBe(200);
  });

  it("an event page answers 403 to a key without event.view, which still reads a quote page", async () => {
    const company = await configuredCompany();
    const key = await company.key([], ["quote.view", "configuration.view"]);
    expectError(
      await company.call("GET", "/pages/claimOverview/layout", key),
      403,
      "AuthorizationError",
      "User is not authorized to perform the requested action",
    );
    const quotePage = await company.call("GET", "/pages/quoteSummary/layout", key);
    expect(quotePage.status).toBe(200);
    expect(quotePage.json).toMatchObject({
      pageKey: "quoteSummary",
      entityType: "quote",
      cards: [{ key: "quoteMain", fields: [{ referenceId: "coverageLimit", fieldType: "Currency" }] }],
    });
    expectError(
      await company.call("GET", "/pages/quoteSummary/layout", await company.key([], ["event.view"])),
      403,
      "AuthorizationError",
    );
  });

  it("a key that may view no entity type is refused 403 for any page, known or not", async () => {
    const company = await configuredCompany();
    const key = await company.key([], ["configuration.view", "audit.view"]);
    expectError(await company.call("GET", "/pages/claimOverview/layout", key), 403, "AuthorizationError");
    expectError(await company.call("GET", "/pages/nowhere/layout", key), 403, "AuthorizationError");
  });

  it("documents the permission in the OpenAPI description", async () => {
    const operation = (await call("GET", "/openapi.json")).json.paths[
      "/api/v1/companies/{companyId}/pages/{pageKey}/layout"
    ].get;
    expect(operation["x-permission"]).toBe("<page entityType>.view");
    expect(operation.description).toContain("event.view");
    expect(operation.description).not.toContain("any valid API key");
  });

  it("another company's key answers 403", async () => {
    const company = await configuredCompany();
    const intruder = await createCompany("sandbox", "Intruder");
    const res = await call("GET", `/api/v1/companies/${company.id}/pages/claimOverview/layout`, {
      auth: await intruder.key(["SUPER_ADMIN"]),
    });
    expectError(res, 403, "AuthorizationError", "API key is not scoped to the requested company");
  });
});
