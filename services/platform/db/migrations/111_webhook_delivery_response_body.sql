-- The dashboard's delivery log: the start of the receiver's response body at a
-- delivery's last attempt, as text (services/webhooks/https-sender.ts keeps at most
-- 1,024 bytes), so a person sees what the receiver said. Null while no response has arrived.
ALTER TABLE webhook_deliveries ADD COLUMN response_body text;
