-- The product's SEO section: its address lives in seo_urls (shared with categories); the meta
-- title and description shown by search engines live on the product, as they do on categories.
ALTER TABLE products ADD COLUMN meta_title text, ADD COLUMN meta_description text;
