// Where the Java peers are: infra/java-peers.sh fetches them (infra/services.sh up
// already did, so this is a lookup of a few milliseconds) and names them.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface JavaPeers {
  /** The unpacked, built Keycloak distribution. */
  keycloakHome: string;
  /** A JDK 21 or later, which Keycloak needs. */
  keycloakJavaHome: string;
  /** The JVM options of every Keycloak start (its trained class cache among them). */
  keycloakJavaOptions: string;
  /** SAP's SCIM compliance suite, its self-contained jar. */
  scimComplianceJar: string;
  /** The java (a JDK 11+ with its compiler) the compliance suite runs on. */
  scimComplianceJava: string;
}

export async function javaPeers(): Promise<JavaPeers> {
  // A first fetch on a machine without them downloads and builds: minutes, not the default second.
  const { stdout } = await promisify(execFile)('bash', [path.join(repoRoot, 'infra/java-peers.sh'), 'env'], { timeout: 600_000, maxBuffer: 1 << 20 });
  const env = Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const named = (key: string): string => {
    if (!env[key]) throw new Error(`infra/java-peers.sh env named no ${key}:\n${stdout}`);
    return env[key];
  };
  return {
    keycloakHome: named('KEYCLOAK_HOME'),
    keycloakJavaHome: named('KEYCLOAK_JAVA_HOME'),
    keycloakJavaOptions: named('KEYCLOAK_JAVA_OPTS_APPEND'),
    scimComplianceJar: named('SCIM_COMPLIANCE_JAR'),
    scimComplianceJava: named('SCIM_COMPLIANCE_JAVA'),
  };
}
