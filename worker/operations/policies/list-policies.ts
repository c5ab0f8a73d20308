import type { PageWindow } from "../../db/queries/page";
import { versionRecord } from "../../db/queries/policies";
import { listCurrentVersions, type PolicyListFilters } from "../../db/queries/policy-lists";
import { todayOf } from "../../domain/policies/civil-days";
import { readDayFilters } from "../../domain/policies/list-filters";
import { versionListItem } from "../../domain/policies/version-view";
import { invalidFilters } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { listViewContexts } from "./view-context";

export interface PolicyListQuery extends Omit<PolicyListFilters, "days"> {
  /** The raw query string: the civil-day filters are read from it (as JSON or as three members). */
  query: Record<string, string | undefined>;
}

/** `GET P/policies/list`: each policy's current version with its summary, newest policy first. */
export async function listPolicies(ctx: OperationContext, request: PolicyListQuery, page: PageWindow) {
  const days = readDayFilters(request.query);
  if (!days.ok) throw invalidFilters(days.problems);
  const { query: _raw, ...filters } = request;
  const today = todayOf(ctx.now);
  const filtered = { ...filters, days: days.filters };
  const { rows, totalCount } = await listCurrentVersions(ctx.db, ctx.companyId, filtered, page, today);
  const records = rows.map(versionRecord);
  const viewOf = await listViewContexts(ctx, records);
  return { items: records.map((record) => versionListItem(record, viewOf(record))), totalCount };
}
