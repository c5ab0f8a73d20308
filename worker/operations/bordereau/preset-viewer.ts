import type { PresetViewer } from "../../db/queries/export-presets";
import { CREATE_FOR_MEMBER } from "../../domain/bordereau/presets";
import { holds, type OperationContext } from "../context";

/** The calling member as a viewer of presets: its own, or every one when it manages members' presets. */
export const presetViewerOf = (ctx: OperationContext): PresetViewer => ({
  keyId: ctx.actor.keyId ?? "",
  managesMembersPresets: holds(ctx.actor, CREATE_FOR_MEMBER),
});
