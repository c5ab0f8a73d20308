import type { PageWindow } from "../../db/queries/page";
import { versionRecord } from "../../db/queries/policies";
import { listAllVersions as listVersions } from "../../db/queries/policy-lists";
import { versionListItem } from "../../domain/policies/version-view";
import type { OperationContext } from "../context";
import { listViewContexts } from "./view-context";

/** `GET P/policies/versions`: every version of the company, newest transaction first. */
export async function listAllVersions(ctx: OperationContext, page: PageWindow) {
  const { rows, totalCount } = await listVersions(ctx.db, ctx.companyId, page);
  const records = rows.map(versionRecord);
  const viewOf = await listViewContexts(ctx, records);
  return { items: records.map((record) => versionListItem(record, viewOf(record))), totalCount };
}
