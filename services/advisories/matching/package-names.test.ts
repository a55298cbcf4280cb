import { describe, expect, it } from 'vitest';
import { normalizePackageName } from './osv-affected.js';
import { baseEcosystem } from './version-order.js';

describe('package name keys', () => {
  it('folds PyPI names as PEP 503 does', () => {
    // PEP 503's own examples of names that are one project.
    for (const name of ['friendly-bard', 'Friendly-Bard', 'FRIENDLY-BARD', 'friendly.bard', 'friendly_bard', 'friendly--bard', 'FrIeNdLy-._.-bArD']) {
      expect(normalizePackageName('PyPI', name), name).toBe('friendly-bard');
    }
  });

  it('folds crates.io case and "_" against "-", Packagist and NuGet case, and nothing elsewhere', () => {
    expect(normalizePackageName('crates.io', 'Serde_JSON')).toBe('serde-json');
    expect(normalizePackageName('Packagist', 'Symfony/HTTP-Kernel')).toBe('symfony/http-kernel');
    expect(normalizePackageName('NuGet', 'Newtonsoft.Json')).toBe('newtonsoft.json');
    for (const [ecosystem, name] of [
      ['npm', '@Scope/Pkg_Name'],
      ['Go', 'github.com/BurntSushi/toml'],
      ['Maven', 'com.fasterxml.jackson.core:jackson-databind'],
      ['RubyGems', 'Ruby_Parser'],
      ['Debian', 'libstdc++6'],
      ['Alpine', 'py3-Pygments'],
    ] as const) {
      expect(normalizePackageName(ecosystem, name)).toBe(name);
    }
  });

  it('reads the base ecosystem from a release-suffixed one', () => {
    expect(baseEcosystem('Debian:12')).toBe('Debian');
    expect(baseEcosystem('Ubuntu:Pro:18.04:LTS')).toBe('Ubuntu');
    expect(baseEcosystem('Alpine:v3.19')).toBe('Alpine');
    expect(baseEcosystem('crates.io')).toBe('crates.io');
  });
});
