// An rpm header as the package database stores it (rpm's lib/header.c, headerImport):
// a big-endian count of index entries and of data bytes, the 16-byte entries
// (tag, type, offset into the data, count), then the data. Only the few string and
// int32 tags the inventory needs are read, each checked against the blob's bounds.
// Written here because the one npm reader of rpm databases (@snyk/rpm-parser) neither
// returns LICENSE nor hands out the header blobs, and its reading is not bounded.

const ENTRY_BYTES = 16;
const PREAMBLE_BYTES = 8;
// rpm's own limits (lib/header_internal.h): at most 0xffff entries and 256 MiB of data.
const MAX_ENTRIES = 0xffff;
const MAX_DATA_BYTES = 256 * 1024 * 1024;

const TYPE_INT32 = 4;
const TYPE_STRING = 6;
const TYPE_STRING_ARRAY = 8;
const TYPE_I18NSTRING = 9;

const TAG_NAME = 1000;
const TAG_VERSION = 1001;
const TAG_RELEASE = 1002;
const TAG_EPOCH = 1003;
const TAG_LICENSE = 1014;
const TAG_ARCH = 1022;
const TAG_SOURCERPM = 1044;

export interface RpmHeaderPackage {
  name: string;
  version: string;
  release: string;
  epoch: number | null;
  arch: string | null;
  sourceRpm: string | null;
  license: string | null;
}

export class RpmHeaderError extends Error {}

/** The package a header blob describes; throws RpmHeaderError when the blob is not a well-formed header or lacks name, version or release. */
export function readRpmHeader(blob: Uint8Array): RpmHeaderPackage {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (blob.byteLength < PREAMBLE_BYTES) throw new RpmHeaderError('shorter than a header preamble');
  const entryCount = view.getUint32(0);
  const dataLength = view.getUint32(4);
  if (entryCount === 0 || entryCount > MAX_ENTRIES) throw new RpmHeaderError(`${entryCount} index entries`);
  if (dataLength > MAX_DATA_BYTES) throw new RpmHeaderError(`${dataLength} data bytes`);
  const dataStart = PREAMBLE_BYTES + entryCount * ENTRY_BYTES;
  const dataEnd = dataStart + dataLength;
  if (dataEnd > blob.byteLength) throw new RpmHeaderError(`entries and data run past the blob (${dataEnd} > ${blob.byteLength} bytes)`);

  const strings = new Map<number, string>();
  let epoch: number | null = null;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let index = 0; index < entryCount; index++) {
    const at = PREAMBLE_BYTES + index * ENTRY_BYTES;
    const tag = view.getUint32(at);
    const type = view.getUint32(at + 4);
    const offset = view.getUint32(at + 8);
    const count = view.getUint32(at + 12);
    if (tag === TAG_EPOCH) {
      if (type !== TYPE_INT32 || count < 1 || offset + 4 > dataLength) throw new RpmHeaderError('EPOCH is not an int32 inside the data');
      epoch = view.getUint32(dataStart + offset);
      continue;
    }
    if (![TAG_NAME, TAG_VERSION, TAG_RELEASE, TAG_LICENSE, TAG_ARCH, TAG_SOURCERPM].includes(tag)) continue;
    if (type !== TYPE_STRING && type !== TYPE_I18NSTRING && type !== TYPE_STRING_ARRAY) throw new RpmHeaderError(`tag ${tag} is not a string`);
    if (offset >= dataLength) throw new RpmHeaderError(`tag ${tag} points past the data`);
    // The first string of the value: NUL-terminated inside the data.
    const start = dataStart + offset;
    const end = blob.indexOf(0, start);
    if (end === -1 || end >= dataEnd) throw new RpmHeaderError(`tag ${tag} is not NUL-terminated inside the data`);
    strings.set(tag, decoder.decode(blob.subarray(start, end)));
  }
  const name = strings.get(TAG_NAME);
  const version = strings.get(TAG_VERSION);
  const release = strings.get(TAG_RELEASE);
  if (!name || !version || !release) throw new RpmHeaderError('no NAME, VERSION or RELEASE');
  return {
    name,
    version,
    release,
    epoch,
    arch: strings.get(TAG_ARCH) || null,
    sourceRpm: strings.get(TAG_SOURCERPM) || null,
    license: strings.get(TAG_LICENSE) || null,
  };
}

/** name, version and release of a source rpm's file name (util-linux-2.32.1-42.el8_8.src.rpm); null when it is not one. */
export function parseSourceRpm(fileName: string): { name: string; version: string; release: string } | null {
  const match = /^(.+)-([^-]+)-([^-]+)\.(?:no)?src\.rpm$/.exec(fileName);
  return match ? { name: match[1]!, version: match[2]!, release: match[3]! } : null;
}
