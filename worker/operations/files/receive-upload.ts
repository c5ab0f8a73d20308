import {
  DEFAULT_CONTENT_TYPE,
  MAX_FILE_BYTES,
  MAX_PART_HEADER_BYTES,
  MAX_TEXT_PART_BYTES,
  MAX_UPLOAD_BODY_BYTES,
} from "../../domain/files/limits";
import { isMediaType } from "../../domain/files/media-type";
import { readPartHeaders } from "../../domain/files/part-headers";
import type { FieldError } from "../../errors/api-error";
import { invalidMember, notMultipart, uploadTooLarge } from "../../errors/attachment-refusals";
import {
  isMultipartFormData,
  MalformedMultipart,
  MultipartBodyTooLarge,
  multipartBoundary,
  type PartReceiver,
  readMultipart,
} from "../../lib/multipart";
import { StreamingSha256 } from "../../lib/sha256";
import { StoredObjectWriter } from "./stored-object";

/** The text parts an upload may carry beside `file` (CONTRACT section 6, Files). */
export const TEXT_PARTS = ["name", "folderId", "category", "entityType", "entityId", "batchId"] as const;
export type TextPartName = (typeof TEXT_PARTS)[number];

export interface UploadRequest {
  contentType: string | null;
  contentLength: string | null;
  body: ReadableStream<Uint8Array> | null;
}

export interface ReceivedFile {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** What the body held: the text parts (empty ones count as absent), the file, and what was wrong with them. */
export interface ReceivedUpload {
  text: Partial<Record<TextPartName, string>>;
  file: ReceivedFile | null;
  problems: FieldError[];
  /** The stored object; null when nothing was stored (a problem was known before the file part ended). */
  object: StoredObjectWriter | null;
}

class FileTooLarge extends Error {}

const textDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Receives the file part: counts it against the limit, hashes it and, while the upload is sound, stores it. */
function fileReceiver(
  upload: ReceivedUpload,
  filename: string,
  contentType: string,
  writer: StoredObjectWriter | null,
  beforeStore: () => Promise<void>,
) {
  const hashing = new StreamingSha256();
  let size = 0;
  const receiver: PartReceiver = {
    async data(chunk) {
      size += chunk.length;
      if (size > MAX_FILE_BYTES) throw new FileTooLarge();
      await hashing.write(chunk);
      await writer?.write(chunk);
    },
    async end() {
      const sha256 = await hashing.hex();
      upload.file = { filename, contentType, size, sha256 };
      if (writer) {
        await beforeStore();
        await writer.finish(sha256);
        upload.object = writer;
      }
    },
  };
  return receiver;
}

/** Receives a text part of at most 4,096 bytes, UTF-8. */
function textReceiver(upload: ReceivedUpload, name: TextPartName): PartReceiver {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    data(chunk) {
      size += chunk.length;
      if (size <= MAX_TEXT_PART_BYTES) chunks.push(chunk.slice());
    },
    end() {
      if (size > MAX_TEXT_PART_BYTES) {
        upload.problems.push({ field: name, message: `must be at most ${MAX_TEXT_PART_BYTES} bytes` });
        return;
      }
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      try {
        const value = textDecoder.decode(bytes);
        // An empty text part counts as absent; a second one with a value is the same part sent twice.
        if (value === "") return;
        if (Object.hasOwn(upload.text, name)) upload.problems.push({ field: name, message: "must be sent once" });
        else upload.text[name] = value;
      } catch {
        upload.problems.push({ field: name, message: "must be UTF-8 text" });
      }
    },
  };
}

const IGNORE: PartReceiver = { data() {}, end() {} };

/**
 * Reads an upload body once, as it arrives (CONTRACT section 6, Files). Refusals, in the contract's
 * order: not `multipart/form-data` (415); over the size limits (413, from `Content-Length` before
 * reading when it says so, else as soon as the count passes them); a malformed body (400). Part problems
 * (unknown, repeated or nameless parts, a file without a quoted filename, a bad media type, text parts
 * too long) are collected, and the body is still read to its end so a 413 wins over them. The file part
 * goes to storage only while no problem is known; whatever was stored is discarded on any refusal.
 * `beforeStore` runs once the file part has arrived whole, just before its object becomes visible.
 */
export async function receiveUpload(
  bucket: R2Bucket,
  objectKey: string,
  request: UploadRequest,
  beforeStore: () => Promise<void> = async () => {},
): Promise<ReceivedUpload> {
  if (!isMultipartFormData(request.contentType)) {
    await request.body?.cancel().catch(() => undefined);
    throw notMultipart();
  }
  if (Number(request.contentLength) > MAX_UPLOAD_BODY_BYTES) {
    await request.body?.cancel().catch(() => undefined);
    throw uploadTooLarge("body", MAX_UPLOAD_BODY_BYTES);
  }
  const boundary = multipartBoundary(request.contentType ?? "");
  if (!boundary || !request.body) {
    await request.body?.cancel().catch(() => undefined);
    throw invalidMember("body", "must be multipart/form-data with a boundary and a file part");
  }
  const upload: ReceivedUpload = { text: {}, file: null, problems: [], object: null };
  const seen = new Set<string>();
  let writer: StoredObjectWriter | null = null;

  const onPart = (headerText: string): PartReceiver => {
    const headers = readPartHeaders(headerText);
    const name = headers?.name ?? null;
    const problem = (field: string, message: string) => {
      upload.problems.push({ field, message });
      return IGNORE;
    };
    if (!headers || name === null) return problem("body", "has a part without a form-data name");
    // A text part is judged by its value once it has arrived (an empty one counts as absent).
    if ((TEXT_PARTS as readonly string[]).includes(name)) return textReceiver(upload, name as TextPartName);
    if (seen.has(name)) return problem(name, "must be sent once");
    seen.add(name);
    if (name === "file") {
      if (!headers.filename) problem("file", "must carry a non-empty quoted filename");
      if (headers.contentType !== null && !isMediaType(headers.contentType))
        problem("file", "has a Content-Type that is not a valid media type");
      const contentType = headers.contentType ?? DEFAULT_CONTENT_TYPE;
      if (upload.problems.length === 0) writer = new StoredObjectWriter(bucket, objectKey, contentType);
      return fileReceiver(upload, headers.filename ?? "", contentType, writer, beforeStore);
    }
    return problem(name, "is not a recognised part");
  };

  try {
    await readMultipart(request.body, boundary, onPart, {
      maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
      maxHeaderBytes: MAX_PART_HEADER_BYTES,
    });
  } catch (err) {
    await (writer as StoredObjectWriter | null)?.discard();
    if (err instanceof FileTooLarge) throw uploadTooLarge("file", MAX_FILE_BYTES);
    if (err instanceof MultipartBodyTooLarge) throw uploadTooLarge("body", MAX_UPLOAD_BODY_BYTES);
    if (err instanceof MalformedMultipart) throw invalidMember("body", `is not well-formed multipart: ${err.message}`);
    throw err;
  }
  return upload;
}
