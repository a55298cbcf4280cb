// Typed reading of untrusted report JSON. Every accessor knows its path in the
// document, so a malformed report fails with ReportFormatError naming the exact
// place ("Results[3].Vulnerabilities[0].VulnerabilityID is missing") instead of a
// TypeError somewhere in a parser.
import { replaceUnstorableText } from '../../platform/storable-text.js';

export type ReportFormat = 'trivy' | 'grype' | 'sarif' | 'cyclonedx' | 'spdx';

export class ReportFormatError extends Error {
  constructor(
    readonly format: ReportFormat,
    /** Where in the document, e.g. Results[3].Vulnerabilities[0].VulnerabilityID; "(document)" for the root. */
    readonly path: string,
    /** What is wrong there ("is missing", "must be a string"). */
    readonly problem: string,
  ) {
    super(`${path} ${problem}`);
    this.name = 'ReportFormatError';
  }
}

/** Makes a string of the report storable (a NUL or an unpaired surrogate replaced), noting where. */
export interface StorableText {
  storable(where: string, text: string): string;
}

export class ReportNode {
  private constructor(
    private readonly format: ReportFormat,
    readonly path: string,
    readonly value: unknown,
    private readonly text: StorableText,
  ) {}

  /** Every string read through the tree passes through `text`, so no parser can forget it. */
  static root(format: ReportFormat, document: unknown, text: StorableText): ReportNode {
    return new ReportNode(format, '', document, text);
  }

  get present(): boolean {
    return this.value !== undefined && this.value !== null;
  }

  fail(problem: string): never {
    throw new ReportFormatError(this.format, this.path || '(document)', problem);
  }

  /** The named member; reading a member of a non-object is a format error. */
  field(name: string): ReportNode {
    const members = this.present ? this.objectValue() : {};
    // Own members only: a report must not reach Object.prototype (constructor, toString…).
    const value = Object.hasOwn(members, name) ? members[name] : undefined;
    // Paths end up in warnings and errors, so a member name read from the report (entries()) is made storable too.
    const segment = replaceUnstorableText(name).text;
    return new ReportNode(this.format, this.path ? `${this.path}.${segment}` : segment, value, this.text);
  }

  /** The node itself, asserting it is an object. */
  object(): ReportNode {
    this.objectValue();
    return this;
  }

  /** Elements of an array; a missing or null array is empty. */
  items(): ReportNode[] {
    if (!this.present) return [];
    if (!Array.isArray(this.value)) this.fail('must be an array');
    return this.value.map((element, index) => new ReportNode(this.format, `${this.path}[${index}]`, element, this.text));
  }

  /** Elements of an array that must be there. */
  requiredItems(): ReportNode[] {
    if (!this.present) this.fail('is missing');
    return this.items();
  }

  /** A non-empty string, trimmed. */
  string(): string {
    const value = this.optionalString();
    if (value === null) this.fail(this.present ? 'must not be empty' : 'is missing');
    return value;
  }

  /** A string, trimmed and storable; null when absent or empty. */
  optionalString(): string | null {
    if (!this.present) return null;
    if (typeof this.value !== 'string') this.fail('must be a string');
    const trimmed = this.value.trim();
    return trimmed === '' ? null : this.text.storable(this.path || '(document)', trimmed);
  }

  /** A finite number; null when absent. Numeric strings are accepted (SARIF's security-severity is one). */
  optionalNumber(): number | null {
    if (!this.present || this.value === '') return null;
    const number = typeof this.value === 'string' ? Number(this.value) : this.value;
    if (typeof number !== 'number' || !Number.isFinite(number)) this.fail('must be a number');
    return number;
  }

  /** Members of an object in document order; a missing object has none. */
  entries(): [string, ReportNode][] {
    if (!this.present) return [];
    return Object.keys(this.objectValue()).map((name) => [name, this.field(name)]);
  }

  /** Strings of an array of strings; a missing array is empty. */
  strings(): string[] {
    return this.items()
      .map((item) => item.optionalString())
      .filter((item): item is string => item !== null);
  }

  private objectValue(): Record<string, unknown> {
    if (typeof this.value !== 'object' || this.value === null || Array.isArray(this.value)) this.fail('must be an object');
    return this.value as Record<string, unknown>;
  }
}
