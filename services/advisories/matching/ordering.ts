// The shape every version ordering shares, and the guard that keeps a version an
// ecosystem cannot read (or an absurdly long one) from being ordered by accident: such
// a version makes `compare` throw UnparseableVersionError, which the matcher reports as
// not comparable.
export interface VersionOrder {
  /** Negative, zero or positive as a sorts before, with or after b. Throws UnparseableVersionError. */
  compare(a: string, b: string): number;
  /** Whether the ecosystem can read this version (compare would not throw on it). */
  isValid(version: string): boolean;
}

export class UnparseableVersionError extends Error {
  constructor(readonly version: string, readonly ordering: string) {
    super(`${JSON.stringify(version.slice(0, 80))} is not a ${ordering} version`);
    this.name = 'UnparseableVersionError';
  }
}

/** Longest version string any ordering reads; longer ones are refused, never scanned. */
const MAX_VERSION_LENGTH = 256;

/**
 * An ordering from a total comparison of valid versions and a validity check: invalid or
 * overlong input throws UnparseableVersionError rather than being ordered by accident.
 */
export function checkedOrder(
  ordering: string,
  isValid: (version: string) => boolean,
  compareValid: (a: string, b: string) => number,
): VersionOrder {
  const valid = (version: string): boolean => version.length <= MAX_VERSION_LENGTH && isValid(version);
  return {
    isValid: valid,
    compare(a, b) {
      if (!valid(a)) throw new UnparseableVersionError(a, ordering);
      if (!valid(b)) throw new UnparseableVersionError(b, ordering);
      return Math.sign(compareValid(a, b)) || 0;
    },
  };
}
