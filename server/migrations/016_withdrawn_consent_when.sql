-- The check of a withdrawn research consent (migration 015) runs only for the rows it can change: a
-- result with a child code that is not already 'no'. PGlite pays for every call of a PL/pgSQL
-- function on every inserted row; `npm run bench:server` measured about 12 % fewer uploads per second
-- on PGlite with the call on every row.
DROP TRIGGER results_withdrawn_consent ON results;
CREATE TRIGGER results_withdrawn_consent BEFORE INSERT ON results
  FOR EACH ROW WHEN (NEW.child_code IS NOT NULL AND NEW.research_consent IS DISTINCT FROM 'no')
  EXECUTE FUNCTION zaehltest_withdrawn_consent();
