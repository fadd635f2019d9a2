-- Merchant search that scales (issue 12): nearest-first from a GiST index instead of a haversine on
-- every row, and trigram indexes for the name-or-cuisine text. `cube` and `pg_trgm` ship with PGlite
-- (loaded in db/index.ts) and with PostgreSQL's contrib package, and both are trusted extensions, so
-- the database owner may create them. `earthdistance` is not trusted, so its ll_to_earth is replaced
-- by merchant_point below.
create extension if not exists cube;
create extension if not exists pg_trgm;

-- A point on the unit sphere: the straight-line (chord) distance between two of them grows with the
-- great-circle distance, so ordering by `geo <-> origin` is nearest-first. A SQL-standard body binds
-- its functions when created, so it works whatever the search_path of a later ANALYZE or restore.
create function merchant_point(lat double precision, lng double precision) returns cube
  language sql immutable strict parallel safe
  return cube(array[cos(radians(lat)) * cos(radians(lng)), cos(radians(lat)) * sin(radians(lng)), sin(radians(lat))]);

-- array_to_string is only "stable" in general (element types' output functions); for text[] it is
-- immutable, which a generated column needs.
create function merchant_search_text(name text, cuisines text[]) returns text
  language sql immutable strict parallel safe
  return name || ' ' || array_to_string(cuisines, ' ');

alter table merchants
  add column geo cube generated always as (merchant_point(latitude, longitude)) stored,
  add column search_text text generated always as (merchant_search_text(name, cuisines)) stored;

create index merchants_geo on merchants using gist (geo);
create index merchants_search_text on merchants using gin (search_text gin_trgm_ops);
create index merchants_campaign_codes on merchants using gin (campaign_codes);
-- The bounding box of 001 is replaced by the GiST box.
drop index merchants_lat_lng;
