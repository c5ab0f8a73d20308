import type { TypeInfo } from "../configuration/document";

/** A Sequence field's value as stored: its prefix, then the counter's value zero-padded to its padding. */
export const sequenceText = (typeInfo: Pick<TypeInfo, "prefix" | "padding">, value: number): string =>
  `${typeInfo.prefix ?? ""}${String(value).padStart(typeInfo.padding ?? 0, "0")}`;
