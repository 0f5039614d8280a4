CREATE TABLE "revoked_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_at_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
-- One spelling per mailbox (server/modules/auth/service.ts normaliseEmail): addresses stored with the DNS
-- root's trailing dot lose it, unless that would collide with an existing account (left for the shop to merge).
UPDATE "users" AS u SET "email" = rtrim(u."email", '.')
WHERE u."email" LIKE '%.' AND NOT EXISTS (SELECT 1 FROM "users" o WHERE o."email" = rtrim(u."email", '.'));
