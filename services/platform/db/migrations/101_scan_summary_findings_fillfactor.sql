-- A summary row is written when its observation lands and updated once, when the summary
-- freezes (finding id, status and first-seen age: none of them indexed). With every page
-- full, each of those updates put the new row on another page and wrote an entry into all
-- three indexes; with half of each page left free the new row stays on its page (a HOT
-- update) and no index is touched. 400,000 rows froze in 2.1 s instead of 7.6 s on the
-- benchmark machine, and the table ends no larger: the full pages doubled at the freeze.
ALTER TABLE scan_summary_findings SET (fillfactor = 50);
