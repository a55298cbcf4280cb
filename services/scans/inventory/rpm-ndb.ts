// The header blobs of rpm's NDB database (Packages.db, SUSE since SLE 15 SP3 and openSUSE),
// laid out by rpm's lib/backend/ndb/rpmpkg.c: a 32-byte header ("RpmP", version 0, the
// number of 4 KiB slot pages), the slot pages (16-byte slots "Slot", package index, block
// offset, block count; the header takes the first two), and for each used slot a blob
// at block offset × 16 ("BlbS", package index, checksum, length, then the header blob).
// Written here: no npm library but @snyk/rpm-parser reads it, and that one trusts the
// offsets it reads. Every slot and blob below is checked against the file.

const NDB_HEADER_MAGIC = 0x506d7052; // "RpmP" little-endian
const SLOT_MAGIC = 0x746f6c53; // "Slot"
const BLOB_MAGIC = 0x53626c42; // "BlbS"
const SLOT_PAGE_BYTES = 4096;
const SLOT_BYTES = 16;
const BLOCK_BYTES = 16;
const BLOB_HEADER_BYTES = 16;
// rpm itself refuses more slot pages than this (rpmpkg.c's sanity check on slotnpages).
const MAX_SLOT_PAGES = 2048;

class NdbError extends Error {}

/** Every package header blob of an NDB database; slots whose blob is not where and what they say are counted as skipped. */
export function ndbHeaderBlobs(file: Buffer, maxBlobs: number): { blobs: Buffer[]; skipped: number } {
  if (file.length < SLOT_PAGE_BYTES) throw new NdbError('shorter than one slot page');
  if (file.readUInt32LE(0) !== NDB_HEADER_MAGIC || file.readUInt32LE(4) !== 0) throw new NdbError('not an rpm NDB database (magic or version)');
  const slotPages = file.readUInt32LE(12);
  if (slotPages === 0 || slotPages > MAX_SLOT_PAGES || slotPages * SLOT_PAGE_BYTES > file.length) throw new NdbError(`${slotPages} slot pages`);

  const blobs: Buffer[] = [];
  let skipped = 0;
  const slotsEnd = slotPages * SLOT_PAGE_BYTES;
  for (let at = 2 * SLOT_BYTES; at < slotsEnd && blobs.length < maxBlobs; at += SLOT_BYTES) {
    if (file.readUInt32LE(at) !== SLOT_MAGIC) throw new NdbError(`slot at byte ${at} has no slot magic`);
    const packageIndex = file.readUInt32LE(at + 4);
    if (packageIndex === 0) continue;
    const blockOffset = file.readUInt32LE(at + 8);
    const blockCount = file.readUInt32LE(at + 12);
    const blobStart = blockOffset * BLOCK_BYTES;
    const blockEnd = blobStart + blockCount * BLOCK_BYTES;
    if (blobStart < slotsEnd || blockEnd > file.length || blobStart + BLOB_HEADER_BYTES > blockEnd) {
      skipped++;
      continue;
    }
    const blobLength = file.readUInt32LE(blobStart + 12);
    const contentStart = blobStart + BLOB_HEADER_BYTES;
    if (file.readUInt32LE(blobStart) !== BLOB_MAGIC || file.readUInt32LE(blobStart + 4) !== packageIndex || contentStart + blobLength > blockEnd) {
      skipped++;
      continue;
    }
    blobs.push(file.subarray(contentStart, contentStart + blobLength));
  }
  return { blobs, skipped };
}
