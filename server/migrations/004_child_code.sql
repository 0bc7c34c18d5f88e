-- The pseudonymous child code (docs/product.md, child code): links the tests of one child over the
-- school year. Optional: results without one (older apps, devices without codes) leave it NULL.
ALTER TABLE results ADD COLUMN child_code text;

-- A child's tests in test order: numbering in the export ('Test Nr. des Kindes'), the first and
-- latest test of the 'Verlauf' statistics, and the deletion by child code.
CREATE INDEX results_child_code ON results (child_code, test_day, id) WHERE child_code IS NOT NULL;
