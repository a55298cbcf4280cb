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
