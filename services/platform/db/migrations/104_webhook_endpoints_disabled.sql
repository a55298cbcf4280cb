-- A webhook claim excludes the disabled endpoints by id (services/webhooks/delivery-store.ts
-- claimDueDeliveries) instead of joining every endpoint, so that it can read the due
-- deliveries in order and stop early. Disabled endpoints are few among every tenant's
-- endpoints: this index lists them without reading the table on every claim.
CREATE INDEX webhook_endpoints_disabled ON webhook_endpoints (id) WHERE NOT enabled;
