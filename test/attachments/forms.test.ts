import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { attachmentFixture, pause, UNKNOWN_ID } from "./fixture";

/**
 * CONTRACT section 6, Forms; interface, Configuration and data (`DELETE P/forms/{number}` and
 * `GET P/forms/generated`).
 */

async function withForms() {
  const f = await attachmentFixture();
  const template = async (number: string, name = `Form ${number}`, extra: Record<string, unknown> = {}) => {
    const res = await f.call("POST", "/forms", { body: { number, name, ...extra } });
    await pause(2);
    return res;
  };
  const rule = async (formNumber: string, entityType = "policy", name = "Always") => {
    const res = await f.call("POST", "/forms-logic", { body: { formNumber, entityType, name } });
    await pause(2);
    return res;
  };
  const path = (number: string) => `/forms/${encodeURIComponent(number)}`;
  return { ...f, template, rule, path };
}

describe("form templates", () => {
  it("registers, reads (number percent-encoded in the path), lists by number, updates and deletes", async () => {
    const f = await withForms();
    const created = await f.template("CG 00 01", "Commercial General Liability Coverage Form", { edition: "04 13" });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      number: "CG 00 01",
      name: "Commercial General Liability Coverage Form",
      edition: "04 13",
      description: null,
      createdAt: expect.any(String),
      updatedAt: created.json.createdAt,
    });
    expect((await f.call("GET", "/forms/CG%2000%2001")).json).toEqual(created.json);
    await f.template("IL 00 17");
    await f.template("cg 00 01");
    // Numbers are case-sensitive and list in code-point order.
    expect((await f.call("GET", "/forms")).json.items.map((t: any) => t.number)).toEqual([
      "CG 00 01",
      "IL 00 17",
      "cg 00 01",
    ]);
    const patched = await f.call("PATCH", f.path("CG 00 01"), { body: { edition: null, description: "GL" } });
    expect(patched.json).toMatchObject({ number: "CG 00 01", edition: null, description: "GL" });
    expect((await f.call("DELETE", f.path("CG 00 01"))).status).toBe(204);
    expectError(await f.call("GET", f.path("CG 00 01")), 404, "NotFoundError", "Not found");
    expect((await f.call("GET", f.path("cg 00 01"))).status).toBe(200);
  });

  it("refuses a number taken (409 FormNumberTaken), malformed or reserved (400)", async () => {
    const f = await withForms();
    expect((await f.template("CG 00 01")).status).toBe(201);
    expectError(await f.template("CG 00 01", "again"), 409, "FormNumberTaken");
    for (const number of ["", " CG", "-CG", "CG/01", "x".repeat(65), "generated", "Generated", "GENERATED"]) {
      const error = expectError(await f.template(number), 400, "VALIDATION_ERROR");
      expect(error.details[0]?.field, number).toBe("number");
    }
    // `/forms/generated` is the generate route's own path: another method there is 405 (issue 11, CONTRACT 8.3).
    const patched = await f.call("PATCH", "/forms/generated", { body: { name: "x" } });
    expect(patched.status).toBe(405);
    expect(patched.headers.get("Allow")).not.toContain("PATCH");
    expectError(await f.call("DELETE", "/forms/GENERATED"), 400, "VALIDATION_ERROR");
    expect((await f.call("GET", "/forms")).json.totalCount).toBe(1);
  });

  it("refuses an empty PATCH, a number in the body and a blank name; 404 for an unknown number", async () => {
    const f = await withForms();
    await f.template("A1");
    for (const body of [{}, { number: "B2" }, { name: "  " }]) {
      expectError(await f.call("PATCH", f.path("A1"), { body }), 400, "VALIDATION_ERROR");
    }
    expectError(await f.call("PATCH", f.path("Z9"), { body: { name: "x" } }), 404, "NotFoundError");
    expectError(await f.call("DELETE", f.path("Z9")), 404, "NotFoundError");
  });
});

describe("forms-logic rules", () => {
  it("creates a rule (404 without its template), lists oldest first, filters as text, deletes", async () => {
    const f = await withForms();
    const me = await f.call("GET", "/me");
    await f.template("CG 00 01");
    await f.template("IL 00 17");
    const first = await f.rule("CG 00 01", "quote", "GL quotes");
    expect(first.status).toBe(201);
    expect(first.json).toEqual({
      id: expect.any(String),
      formNumber: "CG 00 01",
      entityType: "quote",
      name: "GL quotes",
      createdAt: expect.any(String),
      createdBy: me.json.keyId,
    });
    await f.rule("IL 00 17");
    await f.rule("CG 00 01", "policy", "GL policies");
    const all = await f.call("GET", "/forms-logic");
    expect(all.json.items.map((r: any) => r.name)).toEqual(["GL quotes", "Always", "GL policies"]);
    const byNumber = await f.call("GET", `/forms-logic?formNumber=${encodeURIComponent("CG 00 01")}`);
    expect(byNumber.json.totalCount).toBe(2);
    // The filter matches as text and never answers 404, whatever the spelling.
    for (const formNumber of ["NOPE", "cg 00 01", "no/such?form"]) {
      const res = await f.call("GET", `/forms-logic?formNumber=${encodeURIComponent(formNumber)}`);
      expect(res.status).toBe(200);
      expect(res.json.totalCount).toBe(0);
    }
    const missing = await f.rule("ZZ 99");
    expect(expectError(missing, 404, "NotFoundError").details[0]?.field).toBe("formNumber");
    expectError(await f.rule("CG 00 01", "event"), 400, "VALIDATION_ERROR");
    expect((await f.call("DELETE", `/forms-logic/${first.json.id}`)).status).toBe(204);
    expectError(await f.call("DELETE", `/forms-logic/${first.json.id}`), 404, "NotFoundError");
  });

  it("blocks deleting a referenced template: 409 form-template-referenced-by-form-logic naming the rules", async () => {
    const f = await withForms();
    await f.template("CG 00 01");
    const a = (await f.rule("CG 00 01", "quote")).json.id as string;
    const b = (await f.rule("CG 00 01", "policy")).json.id as string;
    const refused = await f.call("DELETE", f.path("CG 00 01"));
    const error = expectError(refused, 409, "form-template-referenced-by-form-logic");
    expect(error.message).toContain(a);
    expect(error.message).toContain(b);
    expect((await f.call("GET", f.path("CG 00 01"))).status).toBe(200);
    await f.call("DELETE", `/forms-logic/${a}`);
    const stillOne = expectError(
      await f.call("DELETE", f.path("CG 00 01")),
      409,
      "form-template-referenced-by-form-logic",
    );
    expect(stillOne.message).toContain(b);
    expect(stillOne.message).not.toContain(a);
    await f.call("DELETE", `/forms-logic/${b}`);
    expect((await f.call("DELETE", f.path("CG 00 01"))).status).toBe(204);
  });

  it("names every referencing rule, however many (not a first page of them)", async () => {
    const f = await withForms();
    await f.template("CG 00 02");
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await f.rule("CG 00 02", i % 2 ? "quote" : "policy")).json.id);
    const error = expectError(
      await f.call("DELETE", f.path("CG 00 02")),
      409,
      "form-template-referenced-by-form-logic",
    );
    for (const id of ids) expect(error.message).toContain(id);
    // Rules made in one millisecond order by id, so compare the sets.
    expect(error.details.map((d: any) => d.message).sort()).toEqual([...ids].sort());
  });

  it("a rule and a delete racing for one template never leave a rule without its template", async () => {
    const f = await withForms();
    await f.template("RACE 1");
    const [rule, deleted] = await Promise.all([f.rule("RACE 1"), f.call("DELETE", f.path("RACE 1"))]);
    const template = await f.call("GET", f.path("RACE 1"));
    if (rule.status === 201) {
      expect(template.status).toBe(200);
      expect(deleted.status).toBe(409);
    } else {
      expect(rule.status).toBe(404);
      expect(deleted.status).toBe(204);
      expect(template.status).toBe(404);
    }
  });
});

describe("generated forms", () => {
  it("records a form for a quote or policy with bound always false; lists newest first with filters", async () => {
    const f = await withForms();
    const quoteId = await f.record("quote");
    const policyId = await f.policy();
    await f.template("CG 00 01", "General Liability");
    await f.template("IL 00 17", "Common Conditions");
    const onQuote = await f.call("POST", "/forms/generated", {
      body: { formNumber: "CG 00 01", entityType: "quote", entityId: quoteId },
    });
    expect(onQuote.status).toBe(201);
    expect(onQuote.json).toEqual({
      id: expect.any(String),
      formNumber: "CG 00 01",
      formName: "General Liability",
      entityType: "quote",
      entityId: quoteId,
      bound: false,
      createdAt: expect.any(String),
      createdBy: expect.any(String),
    });
    await pause(2);
    const onPolicy = await f.call("POST", "/forms/generated", {
      body: { formNumber: "IL 00 17", entityType: "policy", entityId: policyId },
    });
    expect(onPolicy.json).toMatchObject({ entityType: "policy", entityId: policyId, bound: false });
    const all = await f.call("GET", "/forms/generated");
    expect(all.json.items.map((g: any) => g.formNumber)).toEqual(["IL 00 17", "CG 00 01"]);
    expect(all.json.items.every((g: any) => g.bound === false)).toBe(true);
    const forPolicy = await f.call("GET", `/forms/generated?entityType=policy&entityId=${policyId}`);
    expect(forPolicy.json.items.map((g: any) => g.formName)).toEqual(["Common Conditions"]);
    const byNumber = await f.call("GET", `/forms/generated?formNumber=${encodeURIComponent("CG 00 01")}`);
    expect(byNumber.json.totalCount).toBe(1);
    expect((await f.call("GET", "/forms/generated?formNumber=nothing-like-it")).json.totalCount).toBe(0);
  });

  it("answers 404 for an unknown template or record, 400 for other entity types", async () => {
    const f = await withForms();
    const quoteId = await f.record("quote");
    const eventId = await f.record("event");
    await f.template("CG 00 01");
    const noTemplate = await f.call("POST", "/forms/generated", {
      body: { formNumber: "XX 1", entityType: "quote", entityId: quoteId },
    });
    expect(expectError(noTemplate, 404, "NotFoundError").details[0]?.field).toBe("formNumber");
    const noRecord = await f.call("POST", "/forms/generated", {
      body: { formNumber: "CG 00 01", entityType: "policy", entityId: UNKNOWN_ID },
    });
    expect(expectError(noRecord, 404, "NotFoundError").details[0]?.field).toBe("entityId");
    const event = await f.call("POST", "/forms/generated", {
      body: { formNumber: "CG 00 01", entityType: "event", entityId: eventId },
    });
    expectError(event, 400, "VALIDATION_ERROR");
    expectError(await f.call("GET", `/forms/generated?entityType=quote&entityId=${UNKNOWN_ID}`), 404, "NotFoundError");
  });

  it("keep their number and name after the template is renamed and deleted", async () => {
    const f = await withForms();
    const quoteId = await f.record("quote");
    await f.template("OLD 1", "Old name");
    await f.call("POST", "/forms/generated", { body: { formNumber: "OLD 1", entityType: "quote", entityId: quoteId } });
    await f.call("PATCH", f.path("OLD 1"), { body: { name: "New name" } });
    expect((await f.call("DELETE", f.path("OLD 1"))).status).toBe(204);
    const kept = await f.call("GET", "/forms/generated");
    expect(kept.json.items).toEqual([expect.objectContaining({ formNumber: "OLD 1", formName: "Old name" })]);
  });

  it("grants by either permission name style; the rules need form.edit", async () => {
    const f = await withForms();
    const legacy = await f.company.key([], ["company.form:create", "company.form:read"]);
    expect((await f.company.call("POST", "/forms", legacy, { body: { number: "L1", name: "x" } })).status).toBe(201);
    expect((await f.company.call("GET", "/forms/generated", legacy)).status).toBe(200);
    const rule = await f.company.call("POST", "/forms-logic", legacy, {
      body: { formNumber: "L1", entityType: "quote", name: "x" },
    });
    expectError(rule, 403, "AuthorizationError");
  });
});
