-- The 'Einrichtungskennung' (docs/product.md, deployment): the code of the Kita whose tablet sent
-- the result, e.g. KITA-017. Rows stored before, or from tablets without one, leave it NULL.
ALTER TABLE results ADD COLUMN site text;

CREATE INDEX results_site ON results (site);
