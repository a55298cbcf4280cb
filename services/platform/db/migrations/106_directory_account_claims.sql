-- A signup for an address a directory provisioned before its owner ever signed in
-- (an account without a password whose address nobody verified) does not take the
-- account over: it mails a verification link, and the password the signup chose is
-- kept with that link's token, as a scrypt hash like users.password_hash. Only the
-- link's redemption together with that same password sets it on the account
-- (services/accounts/account-claims.ts). NULL for an ordinary verification mail.
ALTER TABLE email_verifications ADD COLUMN claim_password_hash text;
