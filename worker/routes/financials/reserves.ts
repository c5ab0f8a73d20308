import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { boundedInteger } from "../../lib/bounded";
import { BatchIdMember, CategoryIdParam, CENTS_LIMIT, Cents, EventIdParam, errorAnswers, NOT_FOUND } from "./schemas";

const Body = z
  .object({
    expectedTotalCents: boundedInteger(0, CENTS_LIMIT),
    currentExpectedTotalCents: Cents.optional().openapi({
      description: "Compare-and-set: refused 409 `EXPECTED_TOTAL_CHANGED` unless it is the current expected total.",
    }),
    batchId: BatchIdMember,
  })
  .strict();

const Answer = z
  .object({
    eventId: z.uuid(),
    categoryId: z.uuid(),
    expectedTotalCents: z.number().int(),
    reservesCents: z.number().int(),
    paidCents: z.number().int(),
    journalId: z.uuid().nullable().openapi({ description: "The `reserves_set` entry; null when nothing changed." }),
  })
  .openapi("ReservesResult");

const DESCRIPTION =
  "Sets the expected total of a reserved category on an event: the reserves become the expected total less " +
  "what is paid, and the change posts one `reserves_set` entry (payable: Dr unpaid / Cr reserves; receivable " +
  "the other way round) in the event's scope. Refusals change nothing: 404 unknown event or category, 422 " +
  "`CATEGORY_NOT_RESERVED`, 409 `EXPECTED_TOTAL_CHANGED`, 422 `EXPECTED_TOTAL_BELOW_PAID`.";

export const setReserves = defineRoute(
  companyRoute("P", "company.payment:update", {
    method: "put",
    path: "/financials/events/{eventId}/reserves/{categoryId}",
    operationId: "setReserves",
    tags: ["Financials"],
    summary: "Set an event's expected total in a reserved category",
    description: DESCRIPTION,
    request: {
      params: companyParams({ eventId: EventIdParam, categoryId: CategoryIdParam }),
      body: jsonBody(Body),
    },
    responses: {
      200: jsonContent(Answer, "The expected total, reserves and paid amount after the change."),
      ...validationErrorResponse,
      ...errorAnswers({
        404: NOT_FOUND,
        409: "`currentExpectedTotalCents` is not the current figure (`EXPECTED_TOTAL_CHANGED`).",
        422: "Operating category (`CATEGORY_NOT_RESERVED`) or below what is paid (`EXPECTED_TOTAL_BELOW_PAID`).",
      }),
    },
  }),
  async (c) => {
    const { eventId, categoryId } = c.req.valid("param");
    const { batchId: _, ...body } = c.req.valid("json");
    return c.json(await companyObject(contextOf(c)).setReserves({ eventId, categoryId, ...body }), 200);
  },
);
