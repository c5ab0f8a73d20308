import { ErrorEnvelopeSchema } from "../../http/errors";
import { companyParams, jsonContent, UuidSchema } from "../../http/route";
import { batchIdMember } from "../../lib/bounded";

export const SubmissionIdParam = UuidSchema.openapi({ param: { name: "submissionId", in: "path" } });
export const submissionParams = companyParams({ submissionId: SubmissionIdParam });

export const BatchIdMember = batchIdMember();

export const errorAnswer = (description: string) => jsonContent(ErrorEnvelopeSchema, description);

/** How the submission lifecycle reads, for the descriptions of its operations (CONTRACT 5.3). */
export const SUBMISSION_LIFECYCLE =
  "A submission carries, without configuration, `submissionStatus` (intake statuses `draft`, `submitted`, " +
  "`under_review`, `declined`, set on create (default `draft`) and changed by an update from one intake status " +
  "to another; `quoted` while an `inProgress` or `complete` quote of it exists; `bound` once a quote of it is " +
  "bound; `closed`), `submissionType` (`new_business` default, `renewal`, `endorsement`; set on create), " +
  "`submissionName`, `submissionNumber` (`S` + 8 digits), `submissionPolicy` (from the oldest family's create, " +
  "else null) and the close stamps `submissionCloseReason`, `submissionCloseExplanation`, `submissionClosedAt`. " +
  "A generic update changing the status to or from `quoted`, `bound` or `closed` is 409 " +
  "`GuardedStatusFieldWrite`; changing the type, number, policy or a stamp is 400.";
