// The header blobs of an rpm database in Berkeley DB's hash format (var/lib/rpm/Packages,
// RHEL/CentOS up to 8, Amazon Linux 2): page 0 is the hash metadata, hash pages list
// key/value items, and each value (a header) sits on a chain of overflow pages (Berkeley
// DB 5.3's dbinc/db_page.h). Written here because @snyk/rpm-parser, the npm reader,
// allocates the length a page claims and follows page chains without a bound; every
// offset, length and chain below is checked against the file.

const HASH_MAGIC = 0x061561;
const PAGE_HEADER_BYTES = 26;
const PAGE_TYPE_HASH_UNSORTED = 2;
const PAGE_TYPE_OVERFLOW = 7;
const PAGE_TYPE_HASH_METADATA = 8;
const PAGE_TYPE_HASH = 13;
const ITEM_OFF_PAGE = 3;
const OFF_PAGE_ITEM_BYTES = 12;
const VALID_PAGE_SIZES = new Set([512, 1024, 2048, 4096, 8192, 16384, 32768, 65536]);

class BerkeleyDbError extends Error {}

/** Every value stored off-page in a hash database: for rpm, one header blob per installed package. */
export function berkeleyDbHashValues(file: Buffer, maxValues: number): { values: Buffer[]; skipped: number } {
  if (file.length < 512) throw new BerkeleyDbError('shorter than a metadata page');
  const littleEndian = file.readUInt32LE(12) === HASH_MAGIC;
  if (!littleEndian && file.readUInt32BE(12) !== HASH_MAGIC) throw new BerkeleyDbError('not a Berkeley DB hash database (magic)');
  const u32 = (at: number): number => (littleEndian ? file.readUInt32LE(at) : file.readUInt32BE(at));
  const u16 = (at: number): number => (littleEndian ? file.readUInt16LE(at) : file.readUInt16BE(at));
  const pageSize = u32(20);
  if (!VALID_PAGE_SIZES.has(pageSize)) throw new BerkeleyDbError(`page size ${pageSize}`);
  if (file[25] !== PAGE_TYPE_HASH_METADATA) throw new BerkeleyDbError('page 0 is not hash metadata');
  if (file[24] !== 0) throw new BerkeleyDbError('encrypted');
  const pageCount = Math.floor(file.length / pageSize);
  const lastPage = Math.min(u32(32), pageCount - 1);

  const values: Buffer[] = [];
  let skipped = 0;
  for (let page = 1; page <= lastPage && values.length < maxValues; page++) {
    const pageStart = page * pageSize;
    const type = file[pageStart + 25];
    if (type !== PAGE_TYPE_HASH && type !== PAGE_TYPE_HASH_UNSORTED) continue;
    const itemCount = u16(pageStart + 20);
    // Items come in key/value pairs; their 2-byte in-page offsets follow the page header.
    if (itemCount % 2 !== 0 || PAGE_HEADER_BYTES + itemCount * 2 > pageSize) {
      skipped++;
      continue;
    }
    for (let item = 1; item < itemCount && values.length < maxValues; item += 2) {
      const itemOffset = u16(pageStart + PAGE_HEADER_BYTES + item * 2);
      const itemStart = pageStart + itemOffset;
      // Values kept on the page itself are small (rpm's instance counter), not headers.
      if (itemOffset >= pageSize || file[itemStart] !== ITEM_OFF_PAGE) continue;
      if (itemOffset + OFF_PAGE_ITEM_BYTES > pageSize) {
        skipped++;
        continue;
      }
      const value = overflowChain(file, u32(itemStart + 4), u32(itemStart + 8), pageSize, pageCount, u32, u16);
      if (value) values.push(value);
      else skipped++;
    }
  }
  return { values, skipped };
}

/** The value on a chain of overflow pages; null when the chain leaves the file, loops, or disagrees with the stated length. */
function overflowChain(
  file: Buffer,
  firstPage: number,
  totalLength: number,
  pageSize: number,
  pageCount: number,
  u32: (at: number) => number,
  u16: (at: number) => number,
): Buffer | null {
  const perPage = pageSize - PAGE_HEADER_BYTES;
  // A value cannot be longer than the file that holds it, nor span more pages than it has.
  if (totalLength === 0 || totalLength > file.length) return null;
  const parts: Buffer[] = [];
  let collected = 0;
  let page = firstPage;
  for (let hops = 0; page !== 0; hops++) {
    if (hops >= pageCount || page >= pageCount) return null;
    const pageStart = page * pageSize;
    if (file[pageStart + 25] !== PAGE_TYPE_OVERFLOW) return null;
    const next = u32(pageStart + 16);
    // On the last page, the header's free-area field holds the bytes used.
    const used = next === 0 ? u16(pageStart + 22) : perPage;
    if (used > perPage) return null;
    parts.push(file.subarray(pageStart + PAGE_HEADER_BYTES, pageStart + PAGE_HEADER_BYTES + used));
    collected += used;
    if (collected > totalLength) return null;
    page = next;
  }
  return collected === totalLength ? Buffer.concat(parts, collected) : null;
}
