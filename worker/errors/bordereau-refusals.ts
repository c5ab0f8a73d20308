import { TRANSPOSABLE_PATHS_TEXT } from "../domain/bordereau/transpositions";
import { ApiError } from "./api-error";

/** Refusals of the bordereau rows, exports and export presets. */

/** Transpositions naming paths the bordereau cannot transpose (400, each named in `details`). */
export function unknownTranspositionPaths(unknown: Array<{ index: number; path: string }>): ApiError {
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: `Unknown transposition path ${unknown.map((u) => `"${u.path}"`).join(", ")}`,
    userMessages: unknown.map(
      (u) => `"${u.path}" cannot be transposed into a column. Transposable paths are ${TRANSPOSABLE_PATHS_TEXT}.`,
    ),
    details: unknown.map((u) => ({
      field: `transpositions[${u.index}].path`,
      message: `"${u.path}" is not a transposable path`,
    })),
  });
}

/** Preset field keys the bordereau surface does not have (interface, Errors: `UnknownExportFieldKey`). */
export function unknownExportFieldKeys(unknown: Array<{ index: number; key: string }>): ApiError {
  return new ApiError({
    code: "UnknownExportFieldKey",
    message: `Unknown export field key ${unknown.map((u) => `"${u.key}"`).join(", ")} for the bordereau`,
    userMessages: unknown.map((u) => `"${u.key}" is not a bordereau column or a path that can be transposed into one.`),
    details: unknown.map((u) => ({
      field: `fieldKeys[${u.index}]`,
      message: `"${u.key}" is not a bordereau field key`,
    })),
  });
}

/** The owner already uses the name on this surface (interface, Errors: `ExportPresetNameTaken`). */
export function exportPresetNameTaken(preset: { entityType: string; name: string }): ApiError {
  return new ApiError({
    code: "ExportPresetNameTaken",
    message: `The owner already has a ${preset.entityType} export preset named "${preset.name}"`,
    userMessages: [
      `This member already has a ${preset.entityType} export preset named "${preset.name}". Choose another name.`,
    ],
    details: [{ field: "name", message: "is already used by the owner for this export" }],
  });
}

export const presetOwnerNotMember = () =>
  new ApiError({
    code: "VALIDATION_ERROR",
    message: "ownerUserId names no member of this company",
    userMessages: ["The owner is not a member of this company."],
    details: [{ field: "ownerUserId", message: "names no member of this company" }],
  });
