-- The search's box in degrees, inside the nearest-first index (issue 12 part 8).
--
-- 011 bounded a search with cube's box operator (`box @> geo`). PostgreSQL has no statistics for
-- that operator and always guesses 0.1% of the rows, so near 100 000 merchants it expected about a
-- hundred rows in a 25-mile box that holds 70 000. It then read all of them through a bitmap and
-- sorted them (95-130 ms on PGlite) instead of walking the index nearest first and stopping at the
-- page (2 ms). The search had to turn sorting off in a transaction to steer it.
--
-- Here the box is `latitude between .. and longitude between ..`, which the planner estimates from
-- the columns' histograms, and both columns join `geo` in one GiST index (btree_gist gives float8 a
-- GiST operator class; trusted, in PGlite and in PostgreSQL's contrib package). The index still
-- orders by `geo <-> point` nearest first, and stops at the edge of the box. Results are the same:
-- the exact haversine still decides the radius.
create extension if not exists btree_gist;

create index merchants_geo_lat_lng on merchants using gist (geo, latitude, longitude);
drop index merchants_geo;

-- PGlite has no autovacuum, so nothing else gathers the statistics the planner now relies on for an
-- existing database (the seed analyzes a new one).
analyze merchants;
