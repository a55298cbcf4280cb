// Addresses of the real services the integration suites talk to. infra/services.sh
// starts them; tests never mock our storage or broker.
export const testServices = {
  postgresAdminUrl: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  kafkaBrokers: (process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  schemaRegistryUrl: process.env.TEST_SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081/apis/ccompat/v7',
  clickhouseUrl: process.env.TEST_CLICKHOUSE_URL ?? 'http://127.0.0.1:8123',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

export function databaseUrl(name: string): string {
  const url = new URL(testServices.postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The login role the service uses against test databases: neither their owner nor a
 * superuser, as in a deployment (services/platform/db/database-roles.ts). The owner
 * (the admin URL's role) migrates; ensureServiceRole creates this one once per cluster.
 */
const SERVICE_ROLE = { name: 'sentinel_service', password: 'sentinel-service-test' };

export function serviceDatabaseUrl(name: string): string {
  const url = new URL(databaseUrl(name));
  url.username = SERVICE_ROLE.name;
  url.password = SERVICE_ROLE.password;
  return url.toString();
}

/** Creates the service's login role if the cluster lacks it; other runs may be creating it at the same moment. */
export async function ensureServiceRole(admin: { query(sql: string): Promise<unknown> }): Promise<void> {
  await admin.query(`DO $$
    BEGIN
      CREATE ROLE ${SERVICE_ROLE.name} LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD '${SERVICE_ROLE.password}';
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END
  $$`);
}
