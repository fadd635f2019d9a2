-- The media library (issue 23): images editors upload, their variants and what they describe.
--
-- media_files holds each partner's uploaded originals, content-addressed by the SHA-256 of the bytes
-- (the same file uploaded twice is stored once), with the variants made from it in media_variants.
-- Bytes live in the database, so PGlite and PostgreSQL behave alike and every instance serves what
-- any instance stored. An original is kept as uploaded (for reprocessing) but never served: it may
-- carry metadata such as EXIF GPS; members get only the variants, made without any metadata.
create table media_files (
  partner_id text not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  mime text not null,
  -- The picture's size with its orientation applied (what every variant is cut from).
  width int not null check (width > 0),
  height int not null check (height > 0),
  original bytea not null,
  -- The original and every variant: what the partner's storage quota counts.
  stored_bytes bigint not null,
  created_at timestamptz not null default now(),
  primary key (partner_id, sha256)
);

create table media_variants (
  partner_id text not null,
  sha256 text not null,
  format text not null check (format in ('avif', 'webp', 'jpeg')),
  width int not null check (width > 0),
  height int not null check (height > 0),
  bytes bytea not null,
  primary key (partner_id, sha256, format, width),
  foreign key (partner_id, sha256) references media_files on delete cascade
);

-- What an editor sees in the library: one row per image, naming its current file. Replacing the
-- file points the asset at another media_files row; pages pick it up on their next publish.
create table media_assets (
  id text primary key,
  partner_id text not null,
  sha256 text not null,
  name text not null,
  alt text not null default '',
  decorative boolean not null default false,
  -- The point to keep in view when a block crops the image, in percent from the left and top.
  focal_x real not null default 50 check (focal_x between 0 and 100),
  focal_y real not null default 50 check (focal_y between 0 and 100),
  created_by text not null,
  created_at timestamptz not null default now(),
  updated_by text not null,
  updated_at timestamptz not null default now(),
  foreign key (partner_id, sha256) references media_files,
  unique (partner_id, sha256)
);
create index media_assets_partner_created on media_assets (partner_id, created_at desc);

-- Uploads per editor, for the rate limit every instance applies alike (rows older than the window
-- are deleted as new ones come).
create table media_uploads (
  editor_id bigint not null,
  at timestamptz not null default now()
);
create index media_uploads_editor_at on media_uploads (editor_id, at);
