// Go modules compiled into executables, read from the build information the Go linker
// embeds (the format Go's debug/buildinfo documents; no npm package reads it, so it is
// written here). The condenser runs while the layer streams past: it finds the ELF
// ".go.buildinfo" section and the 16-byte-aligned magic "\xff Go buildinf:" in its first
// 64 KiB, or, when section headers were stripped, searches the first writable,
// non-executable PT_LOAD segment whole (in a cgo binary, which the system linker linked,
// other data comes first there). It keeps only the header and the two inline strings
// that follow it (Go 1.18 and later), the toolchain version and the module information,
// byte for byte: a few kilobytes instead of the executable. Older binaries (pointer form)
// keep their header and are reported in a warning. Every offset read from the file is
// checked against its length: a hostile header makes the condenser answer null, never
// read past the end.
import { DEFAULT_PULL_LIMITS } from '../image-pull/image-pull.js';
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, FileWish, InventoryAnalyzer } from './inventory.js';
import { AnalyzerOutput, languagePackage } from './language-package.js';

const ANALYZER = 'go-binary';
const BUILDINFO_MAGIC = Buffer.from('\xff Go buildinf:', 'latin1');
const BUILDINFO_ALIGN = 16;
const BUILDINFO_HEADER_BYTES = 32;
// The magic opens the .go.buildinfo section; Go's reader looks in its first 64 KiB.
const SECTION_SEARCH_BYTES = 64 * 1024;
// The header's flags: the strings follow it inline (Go 1.18+), not through pointers.
const FLAG_VERSION_INLINE = 0x2;
const MAX_GO_VERSION_BYTES = 1024;
// Module information grows a few hundred bytes per dependency; Kubernetes-sized binaries stay well below this.
const MAX_MODINFO_BYTES = 4 * 1024 * 1024;
const MAX_MODINFO_LINES = 100_000;
// The 16 bytes Go's linker writes before and after the module information.
const MODINFO_SENTINEL_BYTES = 16;
// Names of files that are no program a Go linker wrote: archives, scripts, and every
// file another language analyzer reads (a package.json copied with mode 0755 stays npm's).
const NOT_A_PROGRAM = /(?:\.(?:jar|war|ear|par|sar|jpi|hpi|zip|sh|py|pl|rb|js|txt|json|lock|gemspec|egg-info)|\/METADATA|\/PKG-INFO)$/i;

const ELF_MAGIC = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);
const SHT_NOBITS = 8;
const PT_LOAD = 1;
const PF_X = 0x1;
const PF_W = 0x2;

export const goBinaryAnalyzer: InventoryAnalyzer = {
  name: ANALYZER,
  wants(imagePath: string, entry: EntryInfo): FileWish {
    if ((entry.mode & 0o111) === 0 || entry.size < BUILDINFO_HEADER_BYTES || entry.size > DEFAULT_PULL_LIMITS.maxFileBytes) return false;
    if (NOT_A_PROGRAM.test(imagePath)) return false;
    return (content: Buffer) => condenseGoBuildInfo(content);
  },
  analyze(files: ImageFileSet): AnalyzerResult {
    const output = new AnalyzerOutput(ANALYZER);
    for (const imagePath of files.paths()) {
      const entry = files.get(imagePath);
      // Only what this analyzer's condenser kept starts with the magic.
      if (entry?.kind !== 'file' || !startsWithMagic(entry.content, 0)) continue;
      readBuildInfo(imagePath, entry.content, output);
    }
    return output.result();
  },
};

const startsWithMagic = (data: Buffer, offset: number): boolean => offset + BUILDINFO_MAGIC.length <= data.length && data.compare(BUILDINFO_MAGIC, 0, BUILDINFO_MAGIC.length, offset, offset + BUILDINFO_MAGIC.length) === 0;

/** The build information of an ELF executable as Go embeds it (a copy, a few kilobytes), or null when the file has none. */
export function condenseGoBuildInfo(file: Buffer): Buffer | null {
  const region = buildInfoRegion(file);
  if (region === null) return null;
  const searchEnd = Math.min(file.length, region.offset + region.searchBytes);
  const start = findAlignedMagic(file, region.offset, searchEnd);
  if (start === null) return null;
  const flags = file[start + 15] ?? 0;
  if ((flags & FLAG_VERSION_INLINE) === 0) return Buffer.from(file.subarray(start, start + BUILDINFO_HEADER_BYTES));
  const version = readInlineString(file, start + BUILDINFO_HEADER_BYTES, MAX_GO_VERSION_BYTES);
  if (version === null) return null;
  const modinfo = readInlineString(file, version.end, MAX_MODINFO_BYTES);
  if (modinfo === null) return null;
  return Buffer.from(file.subarray(start, modinfo.end));
}

function findAlignedMagic(file: Buffer, from: number, to: number): number | null {
  for (let at = file.indexOf(BUILDINFO_MAGIC, from); at !== -1 && at + BUILDINFO_HEADER_BYTES <= to; at = file.indexOf(BUILDINFO_MAGIC, at + 1)) {
    if ((at - from) % BUILDINFO_ALIGN === 0) return at;
  }
  return null;
}

/** A uvarint length followed by that many bytes, all inside the file and below `maxBytes`. */
function readInlineString(data: Buffer, offset: number, maxBytes: number): { bytes: Buffer; end: number } | null {
  let length = 0;
  let at = offset;
  for (let shift = 0; ; shift += 7) {
    // Ten bytes hold any uvarint; a longer run of continuation bits is not a length.
    if (at >= data.length || shift > 63) return null;
    const byte = data[at++] ?? 0;
    length += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) break;
  }
  if (length > maxBytes || at + length > data.length) return null;
  return { bytes: data.subarray(at, at + length), end: at + length };
}

/**
 * Where Go's reader looks: the .go.buildinfo section, else (section headers stripped) the
 * first writable, non-executable loadable segment, searched whole: a binary the system
 * linker linked (cgo) puts other data before the build information there.
 */
function buildInfoRegion(file: Buffer): { offset: number; searchBytes: number } | null {
  if (file.length < 64 || file.compare(ELF_MAGIC, 0, 4, 0, 4) !== 0) return null;
  const wide = file[4] === 2;
  if (!wide && file[4] !== 1) return null;
  const littleEndian = file[5] === 1;
  if (!littleEndian && file[5] !== 2) return null;
  const elf = new BoundedElfReader(file, littleEndian);
  const word = (offset: number) => (wide ? elf.u64(offset) : elf.u32(offset));

  const sectionTable = word(wide ? 0x28 : 0x20);
  const sectionEntryBytes = elf.u16(wide ? 0x3a : 0x2e);
  const sectionCount = elf.u16(wide ? 0x3c : 0x30);
  const namesIndex = elf.u16(wide ? 0x3e : 0x32);
  if (sectionTable !== null && sectionEntryBytes !== null && sectionCount !== null && namesIndex !== null && sectionEntryBytes >= (wide ? 64 : 40)) {
    const section = (index: number) => sectionTable + index * sectionEntryBytes;
    const namesOffset = namesIndex < sectionCount ? word(section(namesIndex) + (wide ? 24 : 16)) : null;
    for (let index = 0; namesOffset !== null && index < sectionCount; index++) {
      const nameOffset = elf.u32(section(index));
      if (nameOffset === null || elf.cString(namesOffset + nameOffset, 32) !== '.go.buildinfo') continue;
      if (elf.u32(section(index) + 4) === SHT_NOBITS) return null;
      const offset = word(section(index) + (wide ? 24 : 16));
      const size = word(section(index) + (wide ? 32 : 20));
      return offset !== null && size !== null && offset < file.length ? { offset, searchBytes: Math.min(size, SECTION_SEARCH_BYTES) } : null;
    }
  }

  const programTable = word(wide ? 0x20 : 0x1c);
  const programEntryBytes = elf.u16(wide ? 0x36 : 0x2a);
  const programCount = elf.u16(wide ? 0x38 : 0x2c);
  if (programTable === null || programEntryBytes === null || programCount === null || programEntryBytes < (wide ? 56 : 32)) return null;
  for (let index = 0; index < programCount; index++) {
    const header = programTable + index * programEntryBytes;
    const flags = elf.u32(header + (wide ? 4 : 24));
    if (elf.u32(header) !== PT_LOAD || flags === null || (flags & (PF_X | PF_W)) !== PF_W) continue;
    const offset = word(header + (wide ? 8 : 4));
    const fileBytes = word(header + (wide ? 32 : 16));
    return offset !== null && fileBytes !== null && offset < file.length ? { offset, searchBytes: fileBytes } : null;
  }
  return null;
}

/** Reads ELF fields, answering null for anything that does not lie inside the file. */
class BoundedElfReader {
  constructor(
    private readonly file: Buffer,
    private readonly littleEndian: boolean,
  ) {}

  private fits(offset: number, bytes: number): boolean {
    return Number.isSafeInteger(offset) && offset >= 0 && offset + bytes <= this.file.length;
  }

  u16(offset: number): number | null {
    if (!this.fits(offset, 2)) return null;
    return this.littleEndian ? this.file.readUInt16LE(offset) : this.file.readUInt16BE(offset);
  }

  u32(offset: number): number | null {
    if (!this.fits(offset, 4)) return null;
    return this.littleEndian ? this.file.readUInt32LE(offset) : this.file.readUInt32BE(offset);
  }

  /** A 64-bit field; null when it is past what a file of this size could address. */
  u64(offset: number): number | null {
    if (!this.fits(offset, 8)) return null;
    const value = this.littleEndian ? this.file.readBigUInt64LE(offset) : this.file.readBigUInt64BE(offset);
    return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
  }

  cString(offset: number, maxBytes: number): string | null {
    if (!this.fits(offset, 1)) return null;
    // Looked for within maxBytes only: a hostile table of 65,535 names must not scan the file each time.
    const length = this.file.subarray(offset, offset + maxBytes + 1).indexOf(0);
    return length === -1 ? null : this.file.toString('latin1', offset, offset + length);
  }
}

/**
 * A Go toolchain tag as a semantic version, as golang.org/x/vuln's GoTagToSemver writes
 * it: go1.21.5 → v1.21.5, go1.22rc1 → v1.22.0-rc.1; null for a tag it cannot read. What
 * follows the tag is not part of it: a space and a build suffix ("go1.21.5 X:boringcrypto")
 * or, from Go 1.26, the experiments joined with "-X:".
 */
export function goTagToSemver(tag: string): string | null {
  const first = (tag.trim().split(/\s+/)[0] ?? '').split('-X:')[0] ?? '';
  if (first === 'go1') return 'v1.0.0';
  const match = /^go(\d+\.\d+)(\.\d+|)((beta|rc|-pre)(\d+))?$/.exec(first);
  if (match === null || first === 'go1.0') return null;
  const [, majorMinor, patch, prerelease, kind = '', number] = match;
  const base = `v${majorMinor}${patch === '' ? '.0' : patch}`;
  return prerelease === undefined ? base : `${base}${kind.startsWith('-') ? '' : '-'}${kind}.${number}`;
}

interface ModuleLine {
  path: string;
  version: string;
}

function readBuildInfo(imagePath: string, kept: Buffer, output: AnalyzerOutput): void {
  if (kept.length < BUILDINFO_HEADER_BYTES) return output.warn(`${imagePath} was skipped: its Go build information is cut short`);
  if (((kept[15] ?? 0) & FLAG_VERSION_INLINE) === 0) return output.warn(`${imagePath} was skipped: it was built before Go 1.18, whose build information (pointers into the executable) is not read`);
  const version = readInlineString(kept, BUILDINFO_HEADER_BYTES, MAX_GO_VERSION_BYTES);
  const modinfo = version && readInlineString(kept, version.end, MAX_MODINFO_BYTES);
  if (!version || !modinfo) return output.warn(`${imagePath} was skipped: its Go build information is malformed`);

  const toolchain = version.bytes.toString('utf8');
  const stdlib = goTagToSemver(toolchain);
  if (stdlib === null) output.warn(`${imagePath}: the Go toolchain "${toolchain.slice(0, 100)}" is not a release tag; its standard library is not reported`);
  else output.addOrWarn(languagePackage({ ecosystem: 'golang', name: 'stdlib', version: stdlib, recordedAt: imagePath }), `the standard library of ${imagePath}`);

  const { main, deps } = modulesOf(moduleInformation(modinfo.bytes));
  // A binary built from a checkout records its own module as "(devel)": no version to match.
  const modules = main && main.version !== '(devel)' ? [main, ...deps] : deps;
  for (const module of modules) {
    const slash = module.path.lastIndexOf('/');
    output.addOrWarn(
      languagePackage({
        ecosystem: 'golang',
        name: module.path,
        version: module.version,
        ...(slash > 0 ? { purlNamespace: module.path.slice(0, slash), purlName: module.path.slice(slash + 1) } : {}),
        recordedAt: imagePath,
      }),
      `${module.path} in ${imagePath}`,
    );
  }
}

/** The module text between the linker's sentinels; empty when the binary was built outside module mode. */
function moduleInformation(modinfo: Buffer): string {
  const length = modinfo.length;
  if (length < 2 * MODINFO_SENTINEL_BYTES + 1 || modinfo[length - MODINFO_SENTINEL_BYTES - 1] !== 0x0a) return '';
  return modinfo.toString('utf8', MODINFO_SENTINEL_BYTES, length - MODINFO_SENTINEL_BYTES);
}

/** "mod" and "dep" lines, each "=>" line replacing the module above it; a replacement by a local directory drops it. */
function modulesOf(text: string): { main: ModuleLine | null; deps: ModuleLine[] } {
  let main: ModuleLine | null = null;
  const deps: (ModuleLine | null)[] = [];
  let last: 'main' | 'dep' | null = null;
  for (const line of text.split('\n', MAX_MODINFO_LINES)) {
    const [kind, path = '', version = ''] = line.split('\t');
    const module = path !== '' && version !== '' ? { path, version } : null;
    if (kind === 'mod') {
      main = module;
      last = 'main';
    } else if (kind === 'dep') {
      deps.push(module);
      last = 'dep';
    } else if (kind === '=>') {
      // A replacement by a local directory ("./staging/src/k8s.io/api", "(devel)") is no published version.
      const replacement = module && module.version !== '(devel)' && !/^[./]/.test(module.path) ? module : null;
      if (last === 'main') main = replacement;
      else if (last === 'dep') deps[deps.length - 1] = replacement;
      last = null;
    }
  }
  return { main, deps: deps.filter((dep): dep is ModuleLine => dep !== null) };
}
