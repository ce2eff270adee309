-- The administrators' users list (USER_LIST) at a million users: its default order (the
-- name, then the id) reads an index range instead of sorting every user, and its free text (name or email
-- containing the text) reads trigram indexes as the organisations' search does (0001).
create index users_display_name_idx on users (display_name, id);
create index users_display_name_trgm on users using gin (display_name gin_trgm_ops);
create index users_email_trgm on users using gin (email gin_trgm_ops);
