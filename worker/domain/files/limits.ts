/** Upload bounds of CONTRACT section 6, Files. */

/** The largest file: 25 MiB. One byte more is 413 `PayloadTooLarge`. */
export const MAX_FILE_BYTES = 26_214_400;

/** The largest upload body: the file plus 64 KiB for the other parts and the multipart framing. */
export const MAX_UPLOAD_BODY_BYTES = MAX_FILE_BYTES + 65_536;

/** The header block of one part of an upload body. */
export const MAX_PART_HEADER_BYTES = 16 * 1024;

/** Each text part (`name`, `folderId`, `category`, `entityType`, `entityId`, `batchId`). */
export const MAX_TEXT_PART_BYTES = 4_096;

/** `name` of a file: 1 to 255 code points. A `contentType`: at most 255 printable ASCII characters. */
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_CONTENT_TYPE_LENGTH = 255;

export const DEFAULT_CONTENT_TYPE = "application/octet-stream";
