import { ApiError } from "./api-error";
import { memberSentence } from "./displayable";

/**
 * Refusals of notes, tasks, folders, files and forms (CONTRACT section 6), in the interface's envelope:
 * `details` names the refused member, `userMessages` say it without paths or codes.
 */

/** 400 `VALIDATION_ERROR` naming one member. */
export function invalidMember(field: string, problem: string, userMessage?: string): ApiError {
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: `Invalid body: ${field} ${problem}`,
    userMessages: [userMessage ?? memberSentence(field, problem)],
    details: [{ field, message: problem }],
  });
}

/** 400 `VALIDATION_ERROR` naming several members at once. */
export function invalidMembers(problems: ReadonlyArray<{ field: string; message: string }>): ApiError {
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: `Invalid body: ${problems.map((p) => `${p.field} ${p.message}`).join("; ")}`,
    userMessages: problems.map((p) => memberSentence(p.field, p.message)),
    details: [...problems],
  });
}

/** 404 `NotFoundError` (message `Not found`) naming the id that names nothing in the company. */
export function namedIdNotFound(field: string, what: string): ApiError {
  return new ApiError({
    code: "NotFoundError",
    message: "Not found",
    userMessages: [`No ${what} with this id exists in the company.`],
    details: [{ field, message: `no ${what} with this id` }],
  });
}

export const folderCycle = () =>
  new ApiError({
    code: "FolderCycle",
    message: "A folder cannot be moved into itself or into one of its own subfolders",
    userMessages: ["A folder cannot be moved into itself or into one of its own subfolders."],
    details: [{ field: "parentId", message: "names the folder itself or one of its descendants" }],
  });

export const folderNotEmpty = () =>
  new ApiError({
    code: "FolderNotEmpty",
    message: "The folder holds folders or files; delete or move them first",
    userMessages: ["This folder is not empty. Delete or move its folders and files first."],
  });

export const formNumberTaken = (number: string) =>
  new ApiError({
    code: "FormNumberTaken",
    message: `A form template numbered "${number}" already exists`,
    userMessages: [`A form template numbered "${number}" already exists.`],
    details: [{ field: "number", message: "is already used by another form template" }],
  });

export const formReferencedByLogic = (number: string, ruleIds: readonly string[]) =>
  new ApiError({
    code: "form-template-referenced-by-form-logic",
    message:
      `Form template "${number}" is referenced by forms-logic ` +
      `rule${ruleIds.length === 1 ? "" : "s"} ${ruleIds.join(", ")}`,
    userMessages: [`Form "${number}" is still used by forms logic. Delete those rules first.`],
    details: ruleIds.map((id) => ({ field: "formLogicRules", message: id })),
  });

/** 413 `PayloadTooLarge`: the file part is over 25 MiB, or (`body`) the whole body is over the file plus 64 KiB. */
export const uploadTooLarge = (what: "file" | "body", limitBytes: number) =>
  new ApiError({
    code: "PayloadTooLarge",
    message:
      what === "file"
        ? `The file is larger than ${limitBytes} bytes (25 MiB); nothing was stored`
        : `The upload body is larger than ${limitBytes} bytes (a 25 MiB file plus 64 KiB); nothing was stored`,
    userMessages: ["The file is larger than 25 MiB."],
    details: [{ field: what, message: `must be at most ${limitBytes} bytes` }],
  });

export const notMultipart = () =>
  new ApiError({
    code: "UnsupportedMediaType",
    message: "The upload body must be multipart/form-data",
    userMessages: ["Send the file as multipart/form-data."],
  });
