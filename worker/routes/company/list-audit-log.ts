import { z } from "@hono/zod-openapi";
import { listAuditEntries } from "../../db/queries/audit-log";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { BATCH_ID_MAX_JSON_LENGTH, boundedString } from "../../lib/bounded";

const AuditEntrySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(["request", "receipt"]),
    requestId: z.string(),
    keyId: z.string().nullable(),
    actor: z.string(),
    action: z.string().nullable(),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    durationMs: z.number().int(),
    batchId: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    createdAt: z.string(),
  })
  .openapi("AuditEntry");

const DESCRIPTION =
  "Every external call made with the company's keys (refused ones included) and the receipts that changes commit " +
  "with themselves (reset, `deleteAll`, forced configuration import). Entries are written after the response is " +
  "sent, so a call appears within moments of completing. A request row keeps its query string in `detail.query`. " +
  "A key of this company naming another company's path is logged here with `detail.companyIdInPath`; a key of " +
  "another company naming this company's path is logged here too, with `detail.crossCompany: true` and no " +
  "`batchId`. Calls that fail authentication are kept in a platform log, never here, so no caller without a " +
  "valid key can place an entry or a `batchId` in the company's log.";

export const listAuditLog = defineRoute(
  companyRoute("P", "audit.view", {
    method: "get",
    path: "/audit-log",
    operationId: "listAuditLog",
    tags: ["Audit"],
    summary: "The company's audit log, newest first",
    description: DESCRIPTION,
    request: {
      params: companyParams(),
      query: z.object({
        ...pageQuery(50, 500),
        batchId: boundedString(BATCH_ID_MAX_JSON_LENGTH)
          .optional()
          .openapi({ description: "Only entries carrying this `batchId` (as the entries show it)." }),
      }),
    },
    responses: { 200: jsonContent(pageEnvelope(AuditEntrySchema), "A page of entries."), ...validationErrorResponse },
  }),
  async (c) => {
    const { page, pageSize, batchId } = c.req.valid("query");
    const { db, companyId } = contextOf(c);
    const { items, totalCount } = await listAuditEntries(db, companyId, {
      limit: pageSize,
      offset: offsetOf(page, pageSize),
      batchId,
    });
    const entries = items.map(({ companyId: _company, ...entry }) => entry);
    return c.json({ items: entries, totalCount, page, pageSize }, 200);
  },
);
