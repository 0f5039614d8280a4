CREATE TABLE "home_content" (
	"kind" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "home_content_kind_known" CHECK ("home_content"."kind" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "home_content" ADD CONSTRAINT "home_content_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The home page the storefront showed before staff could edit it (server/modules/home/default-content.ts), as
-- both the draft and the published copy, version 1.
INSERT INTO "home_content" ("kind", "content", "version") VALUES
	('draft', '{"slides":[{"id":"6f1c2a0e-3b7d-4c1e-9a52-0d4e8b1f7a01","picture":"/banners/new-arrivals.svg","title":{"en":"New arrivals","ar":"وصل حديثًا"},"text":{"en":"Just in: fashion, electronics and home.","ar":"وصل الآن: أزياء وإلكترونيات ومستلزمات منزلية."},"linkLabel":{"en":"new arrivals","ar":"المنتجات الجديدة"},"link":"/products","from":null,"until":null},{"id":"6f1c2a0e-3b7d-4c1e-9a52-0d4e8b1f7a02","picture":"/banners/fashion.svg","title":{"en":"Fashion","ar":"الأزياء"},"text":{"en":"Women''s and men''s clothes, shoes and bags.","ar":"ملابس وأحذية وحقائب للنساء والرجال."},"linkLabel":{"en":"fashion categories","ar":"فئات الأزياء"},"link":"/categories","from":null,"until":null},{"id":"6f1c2a0e-3b7d-4c1e-9a52-0d4e8b1f7a03","picture":"/banners/electronics.svg","title":{"en":"Electronics","ar":"الإلكترونيات"},"text":{"en":"Phones, laptops, cameras and more.","ar":"هواتف وحواسيب محمولة وكاميرات والمزيد."},"linkLabel":{"en":"electronics","ar":"الإلكترونيات"},"link":"/products?category=Electronics","from":null,"until":null}],"featuredCategories":[]}'::jsonb, 1),
	('published', '{"slides":[{"id":"6f1c2a0e-3b7d-4c1e-9a52-0d4e8b1f7a01","picture":"/banners/new-arrivals.svg","title":{"en":"New arrivals","ar":"وصل حديثًا"},"text":{"en":"Just in: fashion, electronics and home.","ar":"وصل الآن: أزياء وإلكترونيات ومستلزمات منزلية."},"linkLabel":{"en":"new arrivals","ar":"المنتجات الجديدة"},"link":"/products","from":null,"until":null},{"id":"6f1c2a0e-3b7d-4c1e-9a52-0d4e8b1f7a02","picture":"/banners/fashion.svg","title":{"en":"Fashion","ar":"الأزياء"},"text":{"en":"Women''s and men''s clothes, shoes and bags.","ar":"ملابس وأحذية وحقائب للنساء والرجال."},"linkLabel":{"en":"fashion categories","ar":"فئات الأزياء"},"link":"/categories","from":null,"until":null},{"id":"6f1c2a0e-3b7d-4c1e-9a52-0d4e8b1f7a03","picture":"/banners/electronics.svg","title":{"en":"Electronics","ar":"الإلكترونيات"},"text":{"en":"Phones, laptops, cameras and more.","ar":"هواتف وحواسيب محمولة وكاميرات والمزيد."},"linkLabel":{"en":"electronics","ar":"الإلكترونيات"},"link":"/products?category=Electronics","from":null,"until":null}],"featuredCategories":[]}'::jsonb, 1);
