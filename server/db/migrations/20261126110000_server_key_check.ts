// The server key's check: one value sealed with the key of the first process that started on this database
// (auth/serverKeyCheck.ts writes it at start; sealing needs the key, which SQL does not have). A process whose
// key does not open it refuses to start, so processes with different keys never serve one database side by
// side, each unable to open what the other sealed.
export default `
CREATE TABLE server_key_check (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  sealed_check bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`
