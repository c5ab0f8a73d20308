import type { PageWindow } from "../../db/queries/page";
import { versionRecord } from "../../db/queries/policies";
import { listAllVersions as listVersions } from "../../db/queries/policy-lists";
import { todayOf } from "../../domain/policies/civil-days";
import { versionListItem } from "../../domain/policies/version-view";
import type { OperationContext } from "../context";

/** `GET P/policies/versions`: every version of the company, newest transaction first. */
export async function listAllVersions(ctx: OperationContext, page: PageWindow) {
  const { rows, totalCount } = await listVersions(ctx.db, ctx.companyId, page);
  return { items: rows.map((row) => versionListItem(versionRecord(row), todayOf(ctx.now))), totalCount };
}
