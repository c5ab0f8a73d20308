import { z } from "@hono/zod-openapi";
import { FIXED_COLUMNS } from "./columns";
import { TRANSPOSABLE_PATHS_TEXT } from "./transpositions";

export const CellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]).openapi("BordereauCell");

export const ColumnSchema = z
  .object({
    key: z.string().openapi({ description: "A fixed column's key, or the transposed path." }),
    header: z.string().openapi({
      description: "The column's header: the key itself for fixed columns, the given header for transpositions.",
    }),
  })
  .openapi("BordereauColumn");

export const BordereauRowsSchema = z
  .object({
    columns: z.array(ColumnSchema),
    rows: z
      .array(z.array(CellSchema))
      .openapi({ description: "One array per policy version, cells in the order of `columns`." }),
    rowCount: z.number().int().openapi({
      description: "Rows in this response (after `offset` and `limit`), not the size of the whole filtered set.",
    }),
  })
  .openapi("BordereauRows");

/** The shared description of what a bordereau holds, for the rows and export routes. */
export const BORDEREAU_DESCRIPTION = [
  "One row per policy version (transaction) of the company. **Fixed columns**, in order: " +
    FIXED_COLUMNS.map((c) => `\`${c.key}\` (${c.description})`).join("; ") +
    ". Amounts are plain USD numbers, as the pricing contract carries them.",
  "**Full-term and transaction premium.** `premium` to `programCommission` are the full-term (annual-basis) " +
    "prices of the data in force at the end of the version's coverage; a flat cancellation's row reports the data " +
    "in force at inception. `transactionPremium`, `transactionTaxes`, `transactionFees`, " +
    "`transactionBrokerCommission` and `transactionProgramCommission` are the ledger: the written premium the " +
    "row's transaction added (new business and renewal: the whole term's; an endorsement its additional or, " +
    "negative, return premium; a cancellation the premium it returns; a reinstatement what it restores), " +
    "pro-rata over the policy's term and rounded half to even, so the rows of a period add up to the premium " +
    "written in it and a policy's rows to the written premium of the earned-premium report.",
  "**Transpositions** add one column each, after the fixed ones, reading a path of the version's root data (the " +
    `data at the end of its coverage). Transposable paths: ${TRANSPOSABLE_PATHS_TEXT}. Any other path is refused ` +
    "400 `VALIDATION_ERROR` naming it; a header repeating another column's header is refused too. Cells are text, " +
    "numbers, booleans or null: a Date value gives its day (`YYYY-MM-DD`), a list of plain values (a MultiSelect) " +
    "its values joined by commas, other objects and lists their JSON text.",
  "**Filters and order.** `periodStart` (inclusive) and `periodEnd` (exclusive) bound `transactionTimestamp`, " +
    "compared as instants whatever offset was recorded; `actions` keeps only the listed transactions. Rows sort by " +
    "`sortBy` in `sortDirection`, ties by policy number then version in the same direction; empty values sort " +
    "last. `offset` rows are skipped, then at most `limit` returned.",
].join("\n\n");
