import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { and, count, desc, eq, gt, gte, lte, type SQL, sql } from "drizzle-orm";
import { database } from "../../db/client";
import { findPolicyHead, findVersion, versionRecord } from "../../db/queries/policies";
import { policies, policyVersions } from "../../db/schema";
import { readCivilDayLiteral } from "../../domain/dates/civil-day-literal";
import { versionSummary, versionView } from "../../domain/policies/version-view";
import { ApiError, notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import {
  companyParams,
  companyRoute,
  jsonContent,
  keyCaller,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { PolicyIdParam, PolicyVersionSchema, PolicyVersionSummarySchema, VersionListItemSchema } from "./schemas";

const DAY_FILTERS = ["activeOn", "startsOnOrAfter", "startsOnOrBefore", "endsOnOrAfter", "endsOnOrBefore"] as const;

const listQuery = z
  .object({
    ...pageQuery(50, 500),
    policyNumber: z.string().optional(),
    status: z.enum(["active", "cancelled"]).optional(),
    previousPolicy: z.uuid().optional(),
  })
  .catchall(z.string())
  .openapi({
    description: `Civil-day filters ${DAY_FILTERS.join(", ")} take a literal {year, month, day}, as JSON or as three members (activeOn.year=…).`,
  });

function dayFilters(query: Record<string, string | undefined>): SQL[] {
  const conditions: SQL[] = [];
  const problems: Array<{ field: string; message: string }> = [];
  for (const name of DAY_FILTERS) {
    const reading = readCivilDayLiteral(name, query);
    if (!reading) continue;
    if (!reading.ok) {
      problems.push({ field: name, message: reading.problem });
      continue;
    }
    const day = reading.day;
    if (name === "activeOn") conditions.push(and(lte(policyVersions.startDate, day), gt(policyVersions.endDate, day))!);
    if (name === "startsOnOrAfter") conditions.push(gte(policies.termStart, day));
    if (name === "startsOnOrBefore") conditions.push(lte(policies.termStart, day));
    if (name === "endsOnOrAfter") conditions.push(gte(policyVersions.endDate, day));
    if (name === "endsOnOrBefore") conditions.push(lte(policyVersions.endDate, day));
  }
  if (problems.length) {
    throw new ApiError({
      code: "VALIDATION_ERROR",
      message: `Invalid filters: ${problems.map((p) => `${p.field} ${p.message}`).join("; ")}`,
      userMessages: problems.map((p) => `The ${p.field} filter ${p.message}.`),
      details: problems,
    });
  }
  return conditions;
}

const listPolicies = companyRoute("P", "policy.view", {
  method: "get",
  path: "/policies/list",
  operationId: "listPolicies",
  tags: ["Policies"],
  summary: "List policies with their current version's summary",
  description:
    "Newest first. Filters: `policyNumber`, `status`, `previousPolicy`, and civil-day literals `activeOn` (covered that day), `startsOnOrAfter`, `startsOnOrBefore`, `endsOnOrAfter`, `endsOnOrBefore`.",
  request: { params: companyParams(), query: listQuery },
  responses: {
    200: jsonContent(pageEnvelope(VersionListItemSchema), "A page of policies."),
    ...validationErrorResponse,
  },
});

const listAllVersions = companyRoute("P", "policy.view", {
  method: "get",
  path: "/policies/versions",
  operationId: "listPolicyVersions",
  tags: ["Policies"],
  summary: "List every policy version of the company, newest transaction first",
  description: "Ordered by the instant of `transactionTimestamp` (offsets taken into account), newest first.",
  request: { params: companyParams(), query: z.object(pageQuery(50, 500)) },
  responses: {
    200: jsonContent(pageEnvelope(VersionListItemSchema), "A page of versions."),
    ...validationErrorResponse,
  },
});

const listPolicyVersions = companyRoute("P", "policy.view", {
  method: "get",
  path: "/policies/{policyId}/versions",
  operationId: "listVersionsOfPolicy",
  tags: ["Policies"],
  summary: "List a policy's versions, newest first",
  request: { params: companyParams({ policyId: PolicyIdParam }), query: z.object(pageQuery(50, 500)) },
  responses: {
    200: jsonContent(pageEnvelope(VersionListItemSchema), "A page of versions."),
    ...validationErrorResponse,
    ...notFoundResponse,
  },
});

const getVersion = companyRoute("P", "policy.view", {
  method: "get",
  path: "/policies/{policyId}/versions/{version}",
  operationId: "getPolicyVersion",
  tags: ["Policies"],
  summary: "Read one version of a policy",
  description: "`detail` is required: `full` includes the segments; `summary` the root fields and hoisted containers.",
  request: {
    params: companyParams({
      policyId: PolicyIdParam,
      version: z.coerce
        .number()
        .int()
        .min(1)
        .openapi({ param: { name: "version", in: "path" } }),
    }),
    query: z.object({ detail: z.enum(["full", "summary"]) }),
  },
  responses: {
    200: jsonContent(z.union([PolicyVersionSchema, PolicyVersionSummarySchema]), "The version."),
    ...validationErrorResponse,
    ...notFoundResponse,
  },
});

const getPolicy = companyRoute("P", "policy.view", {
  method: "get",
  path: "/policies/{policyId}",
  operationId: "getPolicy",
  tags: ["Policies"],
  summary: "Read a policy's latest version",
  request: { params: companyParams({ policyId: PolicyIdParam }) },
  responses: {
    200: jsonContent(PolicyVersionSchema, "The latest version, in full."),
    ...validationErrorResponse,
    ...notFoundResponse,
  },
});

const listItem = (row: typeof policyVersions.$inferSelect) => {
  const record = versionRecord(row);
  return {
    policyId: row.policyId,
    version: row.version,
    action: row.action,
    transactionTimestamp: row.transactionTimestamp,
    effectiveDate: row.effectiveDate,
    createdAt: row.createdAt,
    summary: versionSummary(record),
  };
};

export function registerPolicyReadRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listPolicies, async (c) => {
    const { companyId } = keyCaller(c);
    const query = c.req.valid("query");
    const conditions = [eq(policies.companyId, companyId), ...dayFilters(c.req.query())];
    if (query.policyNumber) conditions.push(eq(policies.policyNumber, query.policyNumber));
    if (query.status) conditions.push(eq(policies.status, query.status));
    if (query.previousPolicy) conditions.push(eq(policies.previousPolicyId, query.previousPolicy));
    const where = and(...conditions);
    const joined = and(eq(policyVersions.policyId, policies.id), eq(policyVersions.version, policies.currentVersion));
    const db = database(c.env.DB);
    const [rows, [total]] = await Promise.all([
      db
        .select({ version: policyVersions })
        .from(policies)
        .innerJoin(policyVersions, joined)
        .where(where)
        .orderBy(desc(policies.createdAt), desc(policies.id))
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize)),
      db.select({ n: count() }).from(policies).innerJoin(policyVersions, joined).where(where),
    ]);
    return c.json(
      {
        items: rows.map((r) => listItem(r.version)),
        totalCount: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      },
      200,
    );
  });

  app.openapi(listAllVersions, async (c) => {
    const { companyId } = keyCaller(c);
    const { page, pageSize } = c.req.valid("query");
    const db = database(c.env.DB);
    const where = eq(policyVersions.companyId, companyId);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(policyVersions)
        .where(where)
        .orderBy(desc(sql`julianday(${policyVersions.transactionTimestamp})`), desc(policyVersions.version))
        .limit(pageSize)
        .offset(offsetOf(page, pageSize)),
      db.select({ n: count() }).from(policyVersions).where(where),
    ]);
    return c.json({ items: rows.map(listItem), totalCount: total?.n ?? 0, page, pageSize }, 200);
  });

  app.openapi(listPolicyVersions, async (c) => {
    const { companyId } = keyCaller(c);
    const { policyId } = c.req.valid("param");
    const { page, pageSize } = c.req.valid("query");
    const db = database(c.env.DB);
    const head = await findPolicyHead(db, companyId, policyId);
    if (!head) throw notFound();
    const where = and(eq(policyVersions.companyId, companyId), eq(policyVersions.policyId, policyId));
    const rows = await db
      .select()
      .from(policyVersions)
      .where(where)
      .orderBy(desc(policyVersions.version))
      .limit(pageSize)
      .offset(offsetOf(page, pageSize));
    return c.json({ items: rows.map(listItem), totalCount: head.currentVersion, page, pageSize }, 200);
  });

  app.openapi(getVersion, async (c) => {
    const { companyId } = keyCaller(c);
    const { policyId, version } = c.req.valid("param");
    const row = await findVersion(database(c.env.DB), companyId, policyId, version);
    if (!row) throw notFound();
    return c.json(versionView(versionRecord(row), c.req.valid("query").detail), 200);
  });

  app.openapi(getPolicy, async (c) => {
    const { companyId } = keyCaller(c);
    const db = database(c.env.DB);
    const head = await findPolicyHead(db, companyId, c.req.valid("param").policyId);
    if (!head) throw notFound();
    const row = await findVersion(db, companyId, head.id, head.currentVersion);
    if (!row) throw notFound();
    return c.json(versionView(versionRecord(row)), 200);
  });
}
