-- The review status of the language's texts when the result was taken (docs/product.md, languages
-- as content): 'Entwurf' for a draft language. A later review of the pack does not make an earlier
-- draft result a validated one. Rows stored before, and results in a reviewed language, leave it NULL.
ALTER TABLE results ADD COLUMN translation_status text;
